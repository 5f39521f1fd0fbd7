import type { Kysely } from 'kysely';
import { nowSeconds } from '../lib/random.js';
import { isUniqueViolation } from './errors.js';
import type { Database } from './schema.js';

/**
 * The `response_routes` table: which channel stored a Responses API response, and for which user. Written
 * after the answer is settled without making the client wait; the writes still in flight on this node are
 * awaited by a lookup, so a client's next request (previous_response_id, GET) finds the row even when it
 * comes back at once.
 */
export interface ResponseRoute {
  channelId: number;
  userId: number;
}

const inFlight = new Map<string, Promise<unknown>>();

/** OpenAI keeps a stored response 30 days; older routes lead nowhere and are pruned now and then, on a write. */
const KEPT_SECONDS = 30 * 24 * 3600;
const PRUNE_EVERY = 1000;
let writes = 0;

export function rememberResponseRoute(db: Kysely<Database>, responseId: string, route: ResponseRoute, onError: (error: unknown) => void): void {
  const write = db
    .insertInto('response_routes')
    .values({ response_id: responseId.slice(0, 64), channel_id: route.channelId, user_id: route.userId, created_at: nowSeconds() })
    .execute()
    // The same id twice (a retried write) is the same route.
    .catch((error: unknown) => (isUniqueViolation(error) ? undefined : onError(error)))
    .finally(() => inFlight.delete(responseId));
  inFlight.set(responseId, write);
  writes += 1;
  if (writes % PRUNE_EVERY === 0) void db.deleteFrom('response_routes').where('created_at', '<', nowSeconds() - KEPT_SECONDS).execute().catch(onError);
}

export async function findResponseRoute(db: Kysely<Database>, responseId: string): Promise<ResponseRoute | undefined> {
  await inFlight.get(responseId);
  const row = await db.selectFrom('response_routes').select(['channel_id', 'user_id']).where('response_id', '=', responseId.slice(0, 64)).executeTakeFirst();
  return row ? { channelId: Number(row.channel_id), userId: Number(row.user_id) } : undefined;
}

export async function forgetResponseRoute(db: Kysely<Database>, responseId: string): Promise<void> {
  await db.deleteFrom('response_routes').where('response_id', '=', responseId.slice(0, 64)).execute();
}
