import { ThreadLogSink } from '../src/relay/billing/log-sinks.js';

/**
 * A process that hands consume logs to the log-writer thread and then has nothing else to do: it must
 * not exit before the thread has committed them. `node --import tsx test/log-sink-exit.ts <db file> <rows>`.
 */
const [file, rows] = process.argv.slice(2);
const sink = new ThreadLogSink({ file: file ?? '', busyTimeoutMs: 5000 });
for (let i = 0; i < Number(rows); i += 1) {
  sink.add({ user_id: 1, created_at: 1_800_000_000, type: 2, content: 'left behind', username: 'u', token_name: 't', model_name: 'm', quota: i, prompt_tokens: 1, completion_tokens: 1, channel_id: 1, request_id: `exit-${i}`, elapsed_time: 1, is_stream: false, system_prompt_reset: false });
}
