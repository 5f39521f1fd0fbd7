import { LogType } from '@tollgate/contract';
import { expect, vi } from 'vitest';
import type { RelayFixture } from '../relay-fixture.js';
import { describeRun } from './agent-cli.js';
import type { AgentPath, PathRun } from './agent-suite.js';
import { commandOf, FINAL_TEXT, MARKERS, PROMPT, quoteOutput } from './coding-script.js';
import type { Entry } from './conversation.js';

/** What an agent sends that a test recognises: its shell tool and a phrase of its system prompt (which may vary with the model). */
export interface AgentIdentity {
  shell: string;
  system: string | RegExp;
}

/** The scripted session's essentials as one line each: the prompt, then each shell call and the output it got back. */
function essentials(history: Entry[], shell: string): string[] {
  return history.flatMap((entry) => {
    if (entry.kind === 'user') return entry.text.includes(PROMPT) ? ['user: the prompt'] : [];
    if (entry.kind === 'call') return [`call ${entry.name}: ${commandOf(entry)}`];
    if (entry.kind === 'result') return [`result: ${quoteOutput(entry.text)}`];
    return [];
  }).filter((line) => !line.startsWith('call ') || line.startsWith(`call ${shell}:`));
}

/**
 * The whole round trip of one agent through one path: the agent finished and printed the outputs of both
 * shell calls; the upstream was spoken to in its own protocol with the path's upstream model, was offered
 * the shell tool and the agent's system text, and its last main-loop request held the history in order;
 * and Tollgate billed each upstream call once.
 */
export async function expectRoundTrip(f: RelayFixture, { run, calls, userId }: PathRun, path: AgentPath, agent: AgentIdentity) {
  expect(run.code, describeRun(run)).toBe(0);
  expect(run.stdout, describeRun(run)).toContain(FINAL_TEXT);

  expect(calls.map((call) => `${call.protocol} ${call.model}`)).toEqual(calls.map(() => `${path.upstream.protocol} ${path.upstream.model}`));
  const main = calls.filter((call) => call.conversation.tools.includes(agent.shell));
  expect(main.length, 'calls offering the shell tool').toBeGreaterThanOrEqual(3);
  const last = main.at(-1)?.conversation;
  expect(last?.system).toMatch(agent.system);
  expect(essentials(last?.history ?? [], agent.shell)).toEqual([
    'user: the prompt',
    `call ${agent.shell}: echo ${MARKERS[0]}`,
    `result: ${MARKERS[0]}`,
    `call ${agent.shell}: echo ${MARKERS[1]}`,
    `result: ${MARKERS[1]}`,
  ]);

  await expectBilled(f, userId, calls.length);
}

/**
 * One consume log per upstream call, and the user's used quota is their sum. Usage is written in batches
 * after each answer has gone out, so this polls (flushing) until the last call's log is in.
 */
export async function expectBilled(f: RelayFixture, userId: number, upstreamCalls: number) {
  await vi.waitFor(
    async () => {
      await f.flush();
      const logs = await f.ctx.db.selectFrom('logs').select('quota').where('type', '=', LogType.Consume).where('user_id', '=', userId).execute();
      const user = await f.ctx.db.selectFrom('users').select('used_quota').where('id', '=', userId).executeTakeFirstOrThrow();
      expect(logs).toHaveLength(upstreamCalls);
      expect(logs.every((log) => Number(log.quota) > 0)).toBe(true);
      expect(logs.reduce((sum, log) => sum + Number(log.quota), 0)).toBe(Number(user.used_quota));
    },
    { timeout: 5_000, interval: 50 },
  );
}
