import { describe, it } from 'vitest';
import { databaseKinds } from '../databases.js';
import type { AgentName } from './agent-cli.js';
import { expectRoundTrip, type AgentIdentity } from './agent-expectations.js';
import { agentSuite, type AgentPath } from './agent-suite.js';

/**
 * An agent's tests: on every database, one Tollgate and scripted model for all its paths, and each path's
 * round trip as a test of its own, the paths side by side (a run is mostly the agent's own start-up). The
 * agent is killed 10 s before the test times out, so its output shows in the failure.
 */
export function describeAgent(label: string, agent: AgentName, identity: AgentIdentity, paths: AgentPath[], timeoutMs: number): void {
  describe.each(databaseKinds)(`${label} through Tollgate on %s`, (kind) => {
    const suite = agentSuite(kind, paths);
    for (const path of paths) {
      it.concurrent(path.title, async () => {
        await expectRoundTrip(suite.f, await suite.run(path.agent ?? agent, path, timeoutMs - 10_000), path, identity);
      }, timeoutMs);
    }
  });
}
