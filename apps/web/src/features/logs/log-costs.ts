import { LOG_COST_KINDS, parseLogOther, type LogCostKind, type PriceOrigin } from '@tollgate/contract';
import { writeBreakdown } from '@/lib/format/breakdown';
import { formatPrice, USD, type CurrencyDisplay } from '@/lib/format/money';

export interface CostLine {
  kind: LogCostKind;
  /** Tokens of that kind; the characters of text to speech; the images of an image request; 1 request. */
  tokens: number;
  /** The price of one million tokens or characters (of one request, of one image), before the group ratio, in the display currency. */
  price: string;
  /** What these tokens cost, group ratio included. */
  cost: string;
}

/** What was charged, as the row's quota says, and how the lines got there: the lines plus the rounding make the total. */
export interface CostTotal {
  /** The charge is a whole number of quota points, the lines' sum rounded up: the difference, when there is one. */
  rounding?: string;
  charged: string;
}

/** A consume log's cost breakdown as the log detail shows it; undefined for rows that recorded none. */
export interface CostBreakdown {
  lines: CostLine[];
  /** Present when the row's charge is known; the lines, the rounding and the charge are written to add up. */
  total?: CostTotal;
  groupRatio?: number;
  /** The long-context tier's threshold in prompt tokens, when the request was priced at one. */
  tier?: number;
  /** An image request's size, quality and the size ratio they chose. */
  image?: { size: string; quality?: string; sizeRatio: number };
  /** Where the model's price came from (the operator, the price source and its date, Tollgate's table). */
  origin?: PriceOrigin;
}

const ORIGIN_KINDS: ReadonlySet<unknown> = new Set<PriceOrigin['kind']>(['operator', 'source', 'catalog', 'default']);

/** `other.price_origin` read leniently: a kind this console knows, with its name and date when they are text. */
function originOf(value: unknown): PriceOrigin | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { kind, name, date } = value as Record<string, unknown>;
  if (!ORIGIN_KINDS.has(kind)) return undefined;
  return { kind: kind as PriceOrigin['kind'], ...(typeof name === 'string' ? { name } : {}), ...(typeof date === 'string' ? { date } : {}) };
}

/** Kinds priced per piece rather than per million. */
const PRICED_EACH: ReadonlySet<LogCostKind> = new Set(['request', 'image']);

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isKind = (value: unknown): value is LogCostKind => (LOG_COST_KINDS as readonly unknown[]).includes(value);

/** A cost line as read from `other.costs`, before it is written in money. */
interface ReadLine {
  kind: LogCostKind;
  tokens: number;
  ratio: number;
  quota: number;
}

/** The rows' lines may carry float noise (82.50000000000001): a rounding smaller than this many points is none. */
const NOISE_POINTS = 1e-6;

/**
 * Reads `other.costs` leniently (a hand-written row may hold anything; a bad line is skipped) and turns each
 * line's quota points into money: a ratio r is r x 1,000,000 / QuotaPerUnit dollars per million tokens. With the
 * row's `charged` quota (the truth: what the user paid), the costs are written so that they add up to it.
 */
export function costBreakdown(other: string | null | undefined, quotaPerUnit: number, currency: CurrencyDisplay = USD, charged?: number): CostBreakdown | undefined {
  const parsed = parseLogOther(other);
  if (!Array.isArray(parsed.costs)) return undefined;
  const read: ReadLine[] = parsed.costs.flatMap((line: unknown) => {
    if (!line || typeof line !== 'object') return [];
    const { kind, tokens, ratio, quota } = line as Record<string, unknown>;
    if (!isKind(kind) || !finite(tokens) || !finite(ratio) || !finite(quota)) return [];
    return [{ kind, tokens, ratio, quota }];
  });
  const money = (points: number) => (points / quotaPerUnit) * currency.rate;
  const linesPoints = read.reduce((sum, line) => sum + line.quota, 0);
  const total = finite(charged) ? charged : linesPoints;
  const rounding = Math.abs(total - linesPoints) < NOISE_POINTS ? 0 : total - linesPoints;
  const parts = [...read.map((line) => money(line.quota)), ...(rounding !== 0 ? [money(rounding)] : [])];
  // Logs write 6 decimals (spec), more when a line needs them to show at all.
  const written = writeBreakdown(parts, money(total), currency.currency, { minDigits: 6 });
  const lines = read.map(({ kind, tokens, ratio }, i) => {
    const usd = PRICED_EACH.has(kind) ? ratio / quotaPerUnit : (ratio * 1_000_000) / quotaPerUnit;
    return { kind, tokens, price: formatPrice(usd, currency), cost: written.parts[i]! };
  });
  const breakdown: CostBreakdown = { lines };
  if (finite(charged)) breakdown.total = { charged: written.total, ...(rounding !== 0 ? { rounding: written.parts[read.length]! } : {}) };
  if (finite(parsed.group_ratio)) breakdown.groupRatio = parsed.group_ratio;
  if (finite(parsed.tier)) breakdown.tier = parsed.tier;
  const origin = originOf(parsed.price_origin);
  if (origin) breakdown.origin = origin;
  if (typeof parsed.image_size === 'string' && finite(parsed.size_ratio)) {
    breakdown.image = { size: parsed.image_size, sizeRatio: parsed.size_ratio };
    if (typeof parsed.image_quality === 'string' && parsed.image_quality !== '') breakdown.image.quality = parsed.image_quality;
  }
  return breakdown;
}
