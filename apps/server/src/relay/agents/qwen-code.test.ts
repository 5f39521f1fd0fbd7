import { describe, it } from 'vitest';
import { databaseKinds } from '../../../test/databases.js';
import { expectRoundTrip, type AgentIdentity } from '../../../test/agents/agent-expectations.js';
import { agentSuite, GEMINI, GPT, SONNET, type AgentPath } from '../../../test/agents/agent-suite.js';

/**
 * Qwen Code itself (`qwen -p`, its OpenAI auth) speaking Chat Completions to Tollgate, through passthrough and
 * each conversion, against a scripted model that has it run two shell commands and report their outputs.
 */
const QWEN_CODE: AgentIdentity = { shell: 'run_shell_command', system: 'You are Qwen Code' };

const PATHS: AgentPath[] = [
  { title: 'passes through to an OpenAI channel', channel: 'openai', model: GPT, upstream: { protocol: 'chat', model: GPT } },
  { title: 'converts to an Anthropic channel', channel: 'anthropic', model: SONNET, upstream: { protocol: 'messages', model: SONNET } },
  { title: 'converts to a Gemini channel', channel: 'gemini', model: GEMINI, upstream: { protocol: 'gemini', model: GEMINI } },
];

/** A run takes about 7 s alone; paths run side by side on a 2-core machine. */
const TIMEOUT = 90_000;

describe.each(databaseKinds)('Qwen Code through Tollgate on %s', (kind) => {
  const suite = agentSuite(kind, PATHS);

  for (const path of PATHS) {
    it.concurrent(path.title, async () => {
      await expectRoundTrip(suite.f, await suite.run('qwen-code', path, TIMEOUT - 10_000), path, QWEN_CODE);
    }, TIMEOUT);
  }
});
