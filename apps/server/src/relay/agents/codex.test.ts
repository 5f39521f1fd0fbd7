import type { AgentIdentity } from '../../../test/agents/agent-expectations.js';
import { describeAgent } from '../../../test/agents/describe-agent.js';
import { GEMINI, GPT, SONNET, type AgentPath } from '../../../test/agents/agent-suite.js';

/**
 * The Codex CLI itself (`codex exec`) speaking OpenAI Responses to Tollgate, through passthrough and each
 * conversion, against a scripted model that has it run two shell commands and report their outputs.
 */
const CODEX: AgentIdentity = { shell: 'exec_command', system: 'You are a coding agent running in the Codex CLI' };

const PATHS: AgentPath[] = [
  { title: 'passes through to an OpenAI channel', channel: 'openai', model: GPT, upstream: { protocol: 'responses', model: GPT } },
  // Codex also offers tools only OpenAI runs (web_search, a namespace of function tools).
  { title: 'converts to an Anthropic channel', channel: 'anthropic', model: SONNET, upstream: { protocol: 'messages', model: SONNET } },
  { title: 'converts to a Gemini channel', channel: 'gemini', model: GEMINI, upstream: { protocol: 'gemini', model: GEMINI } },
];

/** A run takes about 2 s alone; paths run side by side on a 2-core machine. */
const TIMEOUT = 60_000;

describeAgent('Codex', 'codex', CODEX, PATHS, TIMEOUT);
