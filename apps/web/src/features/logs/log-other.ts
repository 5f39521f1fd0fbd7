import { CLIENT_PROTOCOL_LABELS, parseLogOther, type ClientProtocol } from '@tollgate/contract';

/** The token kinds a consume log may break its counts into, as named by `logs.other`. */
export type TokenKind = 'cacheRead' | 'cacheWrite' | 'reasoning';

export interface TokenKindLine {
  kind: TokenKind;
  tokens: number;
  /** The price of one such token relative to an input token; absent when the row did not record it. */
  ratio?: number;
}

/** What the details cell shows of a row's `other`: nothing at all for one-api's rows (and other log types). */
export interface LogOtherView {
  /** The protocol's label, or the raw name when a newer server wrote one this console does not know. */
  protocol?: string;
  passthrough: boolean;
  /** The answer came from the response cache (docs/response-cache.md): no channel was called. */
  cacheHit?: true;
  /** The answer was cut short, by the upstream or by the client leaving (billed for what was produced). */
  interrupted?: 'upstream' | 'client';
  /** What the conversion left out of the client's request (fields and tools the channel cannot take), by name. */
  dropped?: string[];
  lines: TokenKindLine[];
  /** An error log's: the status its client was answered with, and the channels called in order (empty: none was). */
  failure?: { status: number; channels: number[] };
  /** The models a fallback chain went through (docs/fallbacks.md): each that did not answer, with its channels and status. */
  fallback?: FallbackStepView[];
}

export interface FallbackStepView {
  model: string;
  channels: number[];
  status: number;
  /** Passed over without a call: `unpriced`, the model has no price. */
  skipped?: 'unpriced';
}

// `other` is read leniently (hand-written or future rows): only positive finite numbers count.
const positive = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);
const ratioOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

const protocolLabel = (protocol: unknown): string | undefined => {
  if (typeof protocol !== 'string' || protocol === '') return undefined;
  return CLIENT_PROTOCOL_LABELS[protocol as ClientProtocol] ?? protocol;
};

export function logOtherView(other: string | null | undefined): LogOtherView {
  const parsed = parseLogOther(other);
  const candidates: { kind: TokenKind; tokens: unknown; ratio: unknown }[] = [
    { kind: 'cacheRead', tokens: parsed.cache_read_tokens, ratio: parsed.cache_read_ratio },
    { kind: 'cacheWrite', tokens: parsed.cache_write_tokens, ratio: parsed.cache_write_ratio },
    { kind: 'reasoning', tokens: parsed.reasoning_tokens, ratio: parsed.reasoning_ratio },
  ];
  const lines = candidates.flatMap(({ kind, tokens, ratio }) => {
    const count = positive(tokens);
    if (count === undefined) return [];
    const price = ratioOf(ratio);
    return [price === undefined ? { kind, tokens: count } : { kind, tokens: count, ratio: price }];
  });
  const interrupted = parsed.interrupted === 'upstream' || parsed.interrupted === 'client' ? parsed.interrupted : undefined;
  const dropped = Array.isArray(parsed.dropped) ? parsed.dropped.filter((name): name is string => typeof name === 'string') : [];
  const failure = failureOf(parsed.status, parsed.channels);
  const fallback = fallbackOf(parsed.fallback);
  return { protocol: protocolLabel(parsed.protocol), passthrough: parsed.passthrough === true, ...(parsed.cache_hit === true ? { cacheHit: true as const } : {}), ...(interrupted ? { interrupted } : {}), ...(dropped.length > 0 ? { dropped } : {}), lines, ...(failure ? { failure } : {}), ...(fallback ? { fallback } : {}) };
}

/** The steps of a fallback chain, read leniently: a step without a model name is left out. */
function fallbackOf(steps: unknown): FallbackStepView[] | undefined {
  if (!Array.isArray(steps)) return undefined;
  const views = steps.flatMap((step: unknown): FallbackStepView[] => {
    if (!step || typeof step !== 'object') return [];
    const { model, channels, status, skipped } = step as Record<string, unknown>;
    if (typeof model !== 'string' || model === '') return [];
    const ids = Array.isArray(channels) ? channels.filter((id): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0) : [];
    const view: FallbackStepView = { model, channels: ids, status: typeof status === 'number' && Number.isInteger(status) ? status : 0 };
    return [skipped === 'unpriced' ? { ...view, skipped } : view];
  });
  return views.length > 0 ? views : undefined;
}

/** An error log's status and channel chain; a row without a whole-number status is no error log. */
function failureOf(status: unknown, channels: unknown): LogOtherView['failure'] {
  if (typeof status !== 'number' || !Number.isInteger(status)) return undefined;
  const ids = Array.isArray(channels) ? channels.filter((id): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0) : [];
  return { status, channels: ids };
}

const RATIO_DIGITS = new Intl.NumberFormat('en', { maximumSignificantDigits: 6, useGrouping: false });

/**
 * Ratios are products of configured prices and can carry float noise (0.30000000000000004): six significant digits,
 * so the noise goes while a small ratio keeps its digits (0.075, 0.00005; a fixed count of decimals rounds those away).
 */
export const formatRatio = (ratio: number): string => RATIO_DIGITS.format(ratio);
