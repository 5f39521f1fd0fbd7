import type { AgentIdentity } from '../../../test/agents/agent-expectations.js';
import { describeAgent } from '../../../test/agents/describe-agent.js';
import { GEMINI, GPT, HAIKU, SONNET, type AgentPath } from '../../../test/agents/agent-suite.js';

/**
 * Claude Code itself (the CLI, headless) speaking Anthropic Messages to Tollgate, through passthrough and each
 * conversion, against a scripted model that has it run two shell commands and report their outputs.
 */
const CLAUDE_CODE: AgentIdentity = { shell: 'Bash', system: "You are a Claude agent, built on Anthropic's Claude Agent SDK." };

const PATHS: AgentPath[] = [
  { title: 'passes through to an Anthropic channel', channel: 'anthropic', model: SONNET, upstream: { protocol: 'messages', model: SONNET } },
  // For a non-Claude model name Claude Code sends its reminders as a role "system" message inside `messages`.
  { title: 'converts to an OpenAI channel', channel: 'openai', model: GPT, upstream: { protocol: 'chat', model: GPT } },
  { title: 'converts to a Gemini channel', channel: 'gemini', model: GEMINI, upstream: { protocol: 'gemini', model: GEMINI } },
  // With an API key and a base URL of its own, Claude Code sends its side requests (the session title) to the
  // main model, not to haiku; the haiku name is mapped too, for a Claude Code that is told to use it.
  { title: 'maps Claude model names to gpt-5.2 on an OpenAI channel', channel: 'openai', model: SONNET, mapping: { [SONNET]: GPT, [HAIKU]: GPT }, upstream: { protocol: 'chat', model: GPT } },
];

/** A run takes about 2 s alone; paths run side by side on a 2-core machine. */
const TIMEOUT = 60_000;

describeAgent('Claude Code', 'claude-code', CLAUDE_CODE, PATHS, TIMEOUT);
