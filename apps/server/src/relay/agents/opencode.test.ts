import type { AgentIdentity } from '../../../test/agents/agent-expectations.js';
import { describeAgent } from '../../../test/agents/describe-agent.js';
import { GEMINI, GPT, SONNET, type AgentPath } from '../../../test/agents/agent-suite.js';

/**
 * opencode itself (`opencode run`) speaking Chat Completions to Tollgate with its OpenAI-compatible provider,
 * through passthrough and each conversion, and Anthropic Messages with its Anthropic provider, against a
 * scripted model that has it run two shell commands and report their outputs. It also asks for a session
 * title, a request without tools.
 */
// It picks its prompt by model family: "You are OpenCode, You and the user…" (GPT), "You are OpenCode, the best
// coding agent…" (Claude), "You are opencode, an interactive CLI agent…" (Gemini).
const OPENCODE: AgentIdentity = { shell: 'bash', system: /You are opencode/i };

const PATHS: AgentPath[] = [
  { title: 'passes through to an OpenAI channel', channel: 'openai', model: GPT, upstream: { protocol: 'chat', model: GPT } },
  { title: 'converts to an Anthropic channel', channel: 'anthropic', model: SONNET, upstream: { protocol: 'messages', model: SONNET } },
  { title: 'converts to a Gemini channel', channel: 'gemini', model: GEMINI, upstream: { protocol: 'gemini', model: GEMINI } },
  { title: 'passes through to an Anthropic channel with its Anthropic provider', channel: 'anthropic', model: SONNET, upstream: { protocol: 'messages', model: SONNET }, agent: 'opencode-anthropic' },
];

/** A run takes about 10 s alone (opencode is the heaviest to start); paths run side by side on a 2-core machine. */
const TIMEOUT = 120_000;

describeAgent('opencode', 'opencode', OPENCODE, PATHS, TIMEOUT);
