import type { AppLogger } from '../../observability/app-logger.js';
import type { KeyRecord } from '../auth/key-cache.js';
import type { RelayEndpoint } from '../relay-endpoint.js';
import type { RelayInput } from '../request-input.js';
import { decodeEntry, encodeEntry, type CachedAnswer } from './cache-entry.js';
import { cacheKey } from './cache-key.js';
import type { CacheStore } from './cache-store.js';

/** The options the cache reads, at each use (the console changes them at run time). */
export interface CacheOptions {
  str(key: string): string;
  num(key: string): number;
}

/** Relay modes whose answers are cached: JSON in, JSON or SSE text out. Images and audio are not. */
const CACHED_MODES = new Set(['chat', 'completions', 'embeddings', 'rerank']);

/** Where a request's answer is looked up and stored. */
export interface CacheSlot {
  key: string;
  scope: string;
}

/** Counters since this process started, for /metrics. */
export interface CacheCounts {
  hits: number;
  misses: number;
  stored: number;
  bytesSaved: number;
  errors: number;
}

/**
 * The response cache (docs/response-cache.md): exact-match answers kept in a store (Redis or the database),
 * per user (or per group when the group shares), for ResponseCacheTtlSeconds. A store that fails never fails
 * a request: the lookup misses and the answer is not kept, the failure is logged once, and /readyz says the
 * cache is degraded until the store answers again.
 */
export class ResponseCache {
  /** The clock entries expire by; tests move it. */
  now: () => number = Date.now;
  readonly counts: CacheCounts = { hits: 0, misses: 0, stored: 0, bytesSaved: 0, errors: 0 };
  private failing = '';

  constructor(
    readonly store: CacheStore,
    private readonly options: CacheOptions,
    private readonly log: AppLogger,
  ) {}

  /** '' while the store answers, else why the cache is not used (for /readyz). */
  get degraded(): string {
    return this.failing;
  }

  /**
   * The slot a request is cached under, or undefined when it is not cached: a mode whose answers are not
   * text, a multipart body, or several samples asked for at once (`n`, `candidateCount` > 1), which a client
   * asks for to get different answers.
   */
  slotOf(record: KeyRecord, endpoint: RelayEndpoint, input: RelayInput): CacheSlot | undefined {
    if (!CACHED_MODES.has(endpoint.mode) || input.multipartBoundary !== undefined) return undefined;
    const { json } = input;
    if (samples(json.n) > 1 || samples((json.generationConfig as Record<string, unknown> | undefined)?.candidateCount) > 1) return undefined;
    const scope = this.sharedGroups().includes(record.group) ? `g${record.group}` : `u${record.userId}`;
    return { scope, key: cacheKey({ scope, protocol: input.protocol, mode: endpoint.mode, model: input.model, stream: input.stream, body: json }) };
  }

  /** The stored answer, or undefined (none, expired, or the store failed). */
  async lookup(slot: CacheSlot): Promise<CachedAnswer | undefined> {
    let text: string | undefined;
    try {
      text = await this.store.get(slot.key, this.now());
      this.recovered();
    } catch (error) {
      this.failed(error);
    }
    const answer = text === undefined ? undefined : decodeEntry(text);
    if (answer) {
      this.counts.hits += 1;
      this.counts.bytesSaved += Buffer.byteLength(answer.body);
    } else this.counts.misses += 1;
    return answer;
  }

  /** Keeps an answer, unless it is larger than ResponseCacheMaxBytes. Never throws: a failure is logged and counted. */
  async keep(slot: CacheSlot, answer: CachedAnswer): Promise<void> {
    const text = encodeEntry(answer);
    const bytes = Buffer.byteLength(text);
    if (bytes > this.options.num('ResponseCacheMaxBytes')) return;
    const now = this.now();
    try {
      await this.store.set(slot.key, slot.scope, text, bytes, now, now + this.options.num('ResponseCacheTtlSeconds') * 1000);
      this.counts.stored += 1;
      this.recovered();
    } catch (error) {
      this.failed(error);
    }
  }

  /** The billed share of a hit: the original charge times ResponseCacheBilledFraction, rounded. */
  hitQuota(original: number): number {
    const fraction = Number(this.options.str('ResponseCacheBilledFraction'));
    return Number.isFinite(fraction) && fraction > 0 ? Math.round(original * Math.min(1, fraction)) : 0;
  }

  private sharedGroups(): string[] {
    const text = this.options.str('ResponseCacheSharedGroups');
    return text === '' ? [] : text.split(',');
  }

  private failed(error: unknown): void {
    this.counts.errors += 1;
    if (this.failing) return;
    const reason = error instanceof Error ? error.message : String(error);
    this.failing = `answers are served uncached: the ${this.store.kind} store failed (${reason})`;
    this.log.warn({ err: error }, 'response cache store failed: answers are served uncached until it answers again');
  }

  private recovered(): void {
    if (!this.failing) return;
    this.failing = '';
    this.log.info('response cache store answers again');
  }
}

const samples = (value: unknown): number => (typeof value === 'number' ? value : 1);
