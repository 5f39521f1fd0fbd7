/**
 * Records the request each coding agent sends today into test/fixtures/agents/<agent>.json, which
 * relay-agent-requests.test.ts replays through Tollgate's conversions. The agents change every week: after
 * bumping their versions (apps/server/package.json), run `npm run agents:record` and the tests show what the
 * new requests do. Each agent is pointed straight at the scripted model (no Tollgate) and the first request
 * offering tools is kept, credentials and transport headers left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TRANSPORT_HEADERS } from '../agent-requests.js';
import { runAgent, type AgentName } from './agent-cli.js';
import { PROMPT } from './coding-script.js';
import { ScriptedModel } from './scripted-model.js';

/** The model each is recorded asking for: Claude Code a non-Claude one (its system turns), Codex a Claude one. */
const RECORDED: { agent: AgentName; pkg: string; model: string }[] = [
  { agent: 'claude-code', pkg: '@anthropic-ai/claude-code', model: 'gpt-5.2' },
  { agent: 'codex', pkg: '@openai/codex', model: 'claude-sonnet-4-6' },
  { agent: 'gemini-cli', pkg: '@google/gemini-cli', model: 'gemini-2.5-pro' },
  { agent: 'opencode', pkg: 'opencode-ai', model: 'gpt-5.2' },
  { agent: 'qwen-code', pkg: '@qwen-code/qwen-code', model: 'qwen3-coder-plus' },
];

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(HERE, '..', 'fixtures', 'agents');

function versionOf(pkg: string): string {
  for (const root of ['../../node_modules', '../../../../node_modules']) {
    const file = path.join(HERE, root, pkg, 'package.json');
    if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  }
  throw new Error(`${pkg} is not installed: run npm ci`);
}

fs.mkdirSync(FIXTURES, { recursive: true });
const scripted = await new ScriptedModel().start();
try {
  for (const { agent, pkg, model } of RECORDED) {
    const from = scripted.received.length;
    const run = await runAgent(agent, { url: scripted.baseUrl, key: 'sk-recording', model }, PROMPT, 120_000);
    const sent = scripted.received.slice(from).find((request) => request.method === 'POST' && Array.isArray(request.json?.tools) && (request.json.tools as unknown[]).length > 0);
    if (!sent) throw new Error(`${agent} sent no request with tools (exit ${String(run.code)}): ${run.stderr.slice(-2000)}`);
    const headers = Object.fromEntries(Object.entries(sent.headers).filter(([name]) => !TRANSPORT_HEADERS.has(name)));
    const fixture = { agent, version: versionOf(pkg), model, method: sent.method, url: sent.path, headers, body: sent.json };
    fs.writeFileSync(path.join(FIXTURES, `${agent}.json`), `${JSON.stringify(fixture, null, 1)}\n`);
    console.log(`${agent} ${fixture.version}: ${sent.method} ${sent.path}`);
  }
} finally {
  await scripted.stop();
}
