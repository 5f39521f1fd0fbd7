import type { AgentIdentity } from '../../../test/agents/agent-expectations.js';
import { describeAgent } from '../../../test/agents/describe-agent.js';
import { GEMINI, GPT, SONNET, type AgentPath } from '../../../test/agents/agent-suite.js';

/**
 * Gemini CLI itself (`gemini -p`) speaking the Gemini API to Tollgate, through passthrough and each
 * conversion, against a scripted model that has it run two shell commands and report their outputs.
 */
// Its prompt for gemini-2.5 models begins "You are a non-interactive CLI agent specializing…", for other names
// "You are Gemini CLI, an autonomous CLI agent specializing…".
const GEMINI_CLI: AgentIdentity = { shell: 'run_shell_command', system: 'CLI agent specializing in software engineering tasks' };

const PATHS: AgentPath[] = [
  { title: 'passes through to a Gemini channel', channel: 'gemini', model: GEMINI, upstream: { protocol: 'gemini', model: GEMINI } },
  { title: 'converts to an OpenAI channel', channel: 'openai', model: GPT, upstream: { protocol: 'chat', model: GPT } },
  { title: 'converts to an Anthropic channel', channel: 'anthropic', model: SONNET, upstream: { protocol: 'messages', model: SONNET } },
];

/** A run takes about 5 s alone; paths run side by side on a 2-core machine. */
const TIMEOUT = 90_000;

describeAgent('Gemini CLI', 'gemini-cli', GEMINI_CLI, PATHS, TIMEOUT);
