import { afterAll, beforeAll } from 'vitest';
import type { DatabaseKind } from '../databases.js';
import { relayFixture, type RelayFixture } from '../relay-fixture.js';
import { runAgent, type AgentName, type AgentRun } from './agent-cli.js';
import { PROMPT } from './coding-script.js';
import type { Protocol } from './conversation.js';
import { ScriptedModel, type ScriptedRequest } from './scripted-model.js';

export const GPT = 'gpt-5.2';
export const SONNET = 'claude-sonnet-4-6';
export const HAIKU = 'claude-haiku-4-5-20251001';
export const GEMINI = 'gemini-2.5-pro';

/** The channel types an agent's traffic can reach: each takes its own protocol natively. */
const CHANNEL_TYPES = { openai: 1, anthropic: 14, gemini: 24 } as const;

/** One way through Tollgate: the model an agent asks for, the channel kind serving it and what the upstream must receive. */
export interface AgentPath {
  title: string;
  channel: keyof typeof CHANNEL_TYPES;
  model: string;
  /** The channel's model_mapping (client name to upstream name). */
  mapping?: Record<string, string>;
  /** The protocol the scripted upstream must be spoken to in, and the model name it must see. */
  upstream: { protocol: Protocol; model: string };
  /** The agent's variant this path runs, when it is not the file's own (opencode with its Anthropic provider). */
  agent?: AgentName;
}

export interface PathRun {
  run: AgentRun;
  /** The model calls that reached the upstream through this path's channel, in order. */
  calls: ScriptedRequest[];
  userId: number;
}

/** Filled in by `beforeAll`: use it inside tests only. */
export interface AgentSuite {
  f: RelayFixture;
  scripted: ScriptedModel;
  /** Runs `agent` through `path` (one of the suite's) with the scripted prompt. */
  run(agent: AgentName, path: AgentPath, timeoutMs: number): Promise<PathRun>;
}

/**
 * One Tollgate on a fresh `kind` database and one scripted upstream for a file's paths. Each path gets a group
 * of its own holding one channel, one user and key: paths that ask for the same model name (a mapped name, say)
 * stay apart, runs can go concurrently, and each path's upstream calls (by the channel's upstream key) and
 * billing (by its user) are its own. Registers its hooks: call it at the top of the `describe`.
 */
export function agentSuite(kind: DatabaseKind, paths: AgentPath[]): AgentSuite {
  const access = new Map<AgentPath, { upstreamKey: string; userId: number; key: string }>();
  const suite = {
    async run(agent, path, timeoutMs) {
      const at = access.get(path);
      if (!at) throw new Error(`${path.title} is not one of the suite's paths`);
      const run = await runAgent(agent, { url: suite.f.url, key: `sk-${at.key}`, model: path.model }, PROMPT, timeoutMs);
      return { run, calls: suite.scripted.from(at.upstreamKey), userId: at.userId };
    },
  } as AgentSuite;

  beforeAll(async () => {
    suite.scripted = await new ScriptedModel().start();
    suite.f = await relayFixture(kind);
    await suite.f.ctx.options.set('ModelRatio', JSON.stringify({ [GPT]: 1.25, [SONNET]: 1.5, [HAIKU]: 0.5, [GEMINI]: 0.625 }));
    for (const [index, path] of paths.entries()) {
      const group = `agents${index}`;
      const upstreamKey = `upstream-${index}-${path.channel}`;
      const models = [...new Set([path.model, ...Object.keys(path.mapping ?? {})])].join(',');
      const mapping = path.mapping ? { model_mapping: JSON.stringify(path.mapping) } : {};
      await suite.f.addChannel({ type: CHANNEL_TYPES[path.channel], name: path.title, key: upstreamKey, base_url: suite.scripted.baseUrl, models, group, ...mapping });
      const userId = await suite.f.addUser(`agentuser${index}`, 100_000_000, group);
      access.set(path, { upstreamKey, userId, key: await suite.f.addKey(userId) });
    }
  });
  afterAll(async () => {
    await suite.f?.close();
    await suite.scripted?.stop();
  });
  return suite;
}
