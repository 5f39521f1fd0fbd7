import { describe, expect, it } from 'vitest';
import type { NewLog } from '../../db/schema.js';
import { logSlices, PendingLogs, readRows, type RowBytes } from './pending-logs.js';
import { logRow } from './sqlite-log-rows.js';

const log = (i: number, content = `request ${i}`): NewLog => ({
  user_id: 1,
  created_at: 1_800_000_000 + i,
  type: 2,
  content,
  username: 'u',
  token_name: 't',
  model_name: 'gpt-4o-mini',
  quota: i * 0.5,
  prompt_tokens: 1,
  completion_tokens: 2,
  channel_id: 3,
  request_id: `r${i}`,
  elapsed_time: 4,
  is_stream: i % 2 === 0,
  system_prompt_reset: false,
  other: i === 1 ? null : '{"cost":1}',
});
const ids = (chunks: readonly RowBytes[]) => chunks.flatMap((chunk) => readRows(chunk).map((row) => row[11]));

describe('PendingLogs', () => {
  it('gives back every log held, exactly, in the order added, booleans as 0/1 for SQLite', () => {
    const logs = new PendingLogs();
    expect(logs.take()).toEqual([]);
    const first = log(0, 'línea "quoted" \u2028 😀 \u0001');
    logs.add(first);
    logs.add(log(1));
    expect(logs.count).toBe(2);
    const chunks = logs.take();
    expect(chunks.flatMap(readRows)).toEqual([logRow(first), logRow(log(1))]);
    expect(logs.count).toBe(0);
  });

  it('puts a batch that was not written back before newer logs, and appends newer ones after', () => {
    const logs = new PendingLogs();
    logs.add(log(0));
    logs.add(log(1));
    const failed = logs.take();
    logs.add(log(2));
    logs.putBack(failed);
    logs.add(log(3));
    const newer = new PendingLogs();
    newer.add(log(4));
    logs.append(newer.take());
    expect(logs.count).toBe(5);
    // chunks() leaves them held: a flush that fails still has them.
    expect(ids(logs.chunks())).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    expect(ids(logs.take())).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
  });

  it('reads logs back as objects a slice at a time, for the databases that insert objects', () => {
    const logs = new PendingLogs();
    for (let i = 0; i < 250; i += 1) logs.add(log(i));
    const [chunk] = logs.take();
    const slices = [...logSlices(chunk!, 100)];
    expect(slices.map((slice) => slice.length)).toEqual([100, 100, 50]);
    expect(slices[2]?.at(-1)).toEqual(log(249));
    expect(slices[0]?.[1]).toEqual(log(1));
  });

  it('reads logs that crossed to another thread as a plain Uint8Array', () => {
    const logs = new PendingLogs();
    for (let i = 0; i < 1000; i += 1) logs.add(log(i));
    const [chunk] = logs.take();
    const copy = structuredClone({ count: chunk!.count, bytes: new Uint8Array(chunk!.bytes) });
    expect(readRows(copy).at(-1)).toEqual(logRow(log(999)));
  });
});
