import type { RelayReply } from '../relay-exchange.js';
import type { KeyRecord } from '../auth/key-cache.js';
import { RelayError } from '../relay-error.js';
import type { GroupLimits } from './group-limits.js';
import { admittedHeaders, refusedHeaders } from './limit-headers.js';
import { tightest, type LimitScope, type Verdict } from './limit-set.js';
import type { LimitTicket, RateLimiter } from './rate-limiter.js';

/**
 * The counters a request is checked against: its key's, and its user's (the tighter of the user's own
 * limits and the group's default). undefined when none applies, which costs the relay nothing further.
 */
export function limitScopes(record: KeyRecord, groups: GroupLimits): LimitScope[] | undefined {
  const user = tightest(record.userLimits, groups.of(record.group));
  if (!record.keyLimits && !user) return undefined;
  const scopes: LimitScope[] = [];
  if (record.keyLimits) scopes.push({ id: `k${record.tokenId}`, limits: record.keyLimits });
  if (user) scopes.push({ id: `u${record.userId}`, limits: user });
  return scopes;
}

/**
 * Lets the request in or refuses it with a 429 (in the client's protocol, through the relay's error
 * handler) carrying Retry-After; either way the answer gets OpenAI's x-ratelimit-* headers. The token
 * estimate is computed only when a token limit applies.
 */
export async function admit(limiter: RateLimiter, scopes: LimitScope[], requestId: string, reply: RelayReply, estimate: () => number): Promise<LimitTicket> {
  const tokensLimited = scopes.some((scope) => scope.limits.tpm > 0);
  const { verdict, ticket } = await limiter.admit(requestId, scopes, tokensLimited ? estimate() : 0);
  if (ticket) {
    reply.headers(admittedHeaders(verdict));
    return ticket;
  }
  reply.headers(refusedHeaders(verdict, scopes));
  throw rateLimited(verdict, scopes);
}

const WHAT = { requests: ['requests per minute (RPM)', 'rpm'], tokens: ['tokens per minute (TPM)', 'tpm'], concurrency: ['requests at once', 'concurrency'] } as const;

/** OpenAI's refusal: code rate_limit_exceeded, type naming the dimension ("requests", "tokens"). */
function rateLimited(verdict: Verdict, scopes: LimitScope[]): RelayError {
  const dimension = verdict.refusedOn ?? 'requests';
  const [label, field] = WHAT[dimension];
  const scope = scopes[verdict.refusedBy ?? 0];
  const owner = scope?.id.startsWith('k') ? 'this key' : 'this user';
  const retry = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
  const message = `rate limit reached for ${owner} on ${label}: limit ${scope?.limits[field] ?? 0}; please retry after ${retry}s`;
  return new RelayError(429, message, 'rate_limit_exceeded', dimension);
}
