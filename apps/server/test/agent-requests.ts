import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The request each coding agent sends, recorded from the real CLI (`npm run agents:record`, which writes
 * fixtures/agents/<agent>.json): its path, headers and body as the agent wrote them, credentials and
 * transport headers left out. A test sends it to Tollgate for any model, to see what a path does with what
 * agents send today.
 */
const FIXTURES = {
  'claude-code': 'claude-code.json',
  codex: 'codex.json',
  'gemini-cli': 'gemini-cli.json',
  opencode: 'opencode.json',
  'qwen-code': 'qwen-code.json',
} as const;

export type AgentName = keyof typeof FIXTURES;

export interface AgentRequest {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

const DIRECTORY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'agents');
/** Credentials and transport headers: a recording keeps none of them, and a replay sets its own. */
export const TRANSPORT_HEADERS = new Set(['authorization', 'x-api-key', 'x-goog-api-key', 'accept-encoding', 'content-length', 'host', 'connection']);

/** The agent's recorded request, asking for `model` (in the body, or in the path for Gemini's methods). */
export function agentRequest(agent: AgentName, model: string): AgentRequest {
  const recorded = JSON.parse(fs.readFileSync(path.join(DIRECTORY, FIXTURES[agent]), 'utf8')) as AgentRequest;
  const headers = Object.fromEntries(Object.entries(recorded.headers).filter(([name]) => !TRANSPORT_HEADERS.has(name)));
  const body = recorded.body;
  if (typeof body.model === 'string') body.model = model;
  const url = recorded.url.replace(/\/models\/[^:]+:/, `/models/${model}:`);
  return { url, headers, body };
}
