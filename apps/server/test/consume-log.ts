import { LogType } from '@tollgate/contract';
import type { RelayFixture } from './relay-fixture.js';

/** The newest consume log: what the last billed request wrote. Call `f.flush()` first, usage is batched. */
export function lastConsumeLog(f: RelayFixture) {
  return f.ctx.db.selectFrom('logs').selectAll().where('type', '=', LogType.Consume).orderBy('id', 'desc').executeTakeFirstOrThrow();
}
