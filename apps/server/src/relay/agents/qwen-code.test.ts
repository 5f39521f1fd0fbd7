import type { AgentIdentity } from '../../../test/agents/agent-expectations.js';
import { describeAgent } from '../../../test/agents/describe-agent.js';
import { GEMINI, GPT, SONNET, type AgentPath } from '../../../test/agents/agent-suite.js';

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

describeAgent('Qwen Code', 'qwen-code', QWEN_CODE, PATHS, TIMEOUT);
