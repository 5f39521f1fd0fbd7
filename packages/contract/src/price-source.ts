import { z } from 'zod';

/**
 * Refreshing the maintained price source (genai-prices) without a release: what is in force, what a fetch of
 * the source's current file would change, and applying it (GET /api/prices/source, POST .../preview,
 * POST .../apply, and `npm run tollgate -- prices update`).
 */

/** A source price in US dollars per million tokens: flat, or a base and the prices once the prompt passes a tier's `start` tokens. */
export type SourceAmount = number | { base: number; tiers: { start: number; price: number }[] };

/** The kinds of a source price Tollgate bills from, by the source's own unit key; a diff compares these. */
export const SOURCE_PRICE_KINDS = ['input_mtok', 'output_mtok', 'cache_read_mtok', 'cache_write_mtok', 'output_reasoning_mtok', 'input_audio_mtok', 'output_audio_mtok'] as const;
export type SourcePriceKind = (typeof SOURCE_PRICE_KINDS)[number];
export type SourcePrices = Partial<Record<SourcePriceKind, SourceAmount>>;

/** A model of the source: its provider's id and its own (`anthropic`, `claude-sonnet-4-6`). */
export interface PriceSourceModelRef {
  provider: string;
  model: string;
}

export interface PriceSourceAddedModel extends PriceSourceModelRef {
  prices: SourcePrices;
}

/** One kind whose price moved; `from` or `to` is absent when the kind had or has no price of its own. */
export interface PriceSourcePriceChange {
  kind: SourcePriceKind;
  from?: SourceAmount;
  to?: SourceAmount;
}

export interface PriceSourceChangedModel extends PriceSourceModelRef {
  changes: PriceSourcePriceChange[];
}

/** A diff lists at most this many models of each sort (the source lists about 1,700); `counts` holds every one. */
export const PRICE_SOURCE_DIFF_LIMIT = 500;

/** What a candidate file would change in the prices in force now, model by model. */
export interface PriceSourceDiff {
  counts: { added: number; changed: number; removed: number };
  added: PriceSourceAddedModel[];
  changed: PriceSourceChangedModel[];
  removed: PriceSourceModelRef[];
}

/** GET /api/prices/source: the source data in force on the node that answers, and where a refresh fetches from. */
export interface PriceSourceInfo {
  /** `genai-prices 0.1.8` (bundled with this release) or `genai-prices data.json` (fetched). */
  name: string;
  /** The day the data was published (bundled) or fetched (YYYY-MM-DD). */
  date: string;
  /** Where a fetched file came from. */
  url?: string;
  /** When a fetched file was fetched (epoch seconds). */
  fetched_at?: number;
  sha256?: string;
  /** The models the data prices. */
  models: number;
  /** Option PriceSourceRefreshHours: 0 when the scheduled refresh is off. */
  refresh_hours: number;
  /** The file a refresh fetches (PRICE_SOURCE_URL). */
  source_url: string;
}

/** POST /api/prices/source/preview: a fetched, checked file and what applying it would change. */
export interface PriceSourcePreview {
  sha256: string;
  url: string;
  fetched_at: number;
  name: string;
  date: string;
  models: number;
  diff: PriceSourceDiff;
}

/** POST /api/prices/source/apply: the previewed file, by its hash; another file is never applied in its place. */
export const ApplyPriceSourceRequestSchema = z.object({
  sha256: z.string({ error: 'price_source.hash_invalid' }).regex(/^[0-9a-f]{64}$/, 'price_source.hash_invalid'),
});
export type ApplyPriceSourceRequest = z.input<typeof ApplyPriceSourceRequestSchema>;

const dollars = (amount: number): string => `$${Number(amount.toPrecision(6))}`;
const tokens = (start: number): string => (start >= 1000 && start % 1000 === 0 ? `${start / 1000}K` : String(start));

/** A source price as the console and the command line show it, in no language: `$3`, `$3 (>200K $6)`, `-` for none. */
export function sourceAmountText(amount: SourceAmount | undefined): string {
  if (amount === undefined) return '-';
  if (typeof amount === 'number') return dollars(amount);
  return `${dollars(amount.base)} (${amount.tiers.map((tier) => `>${tokens(tier.start)} ${dollars(tier.price)}`).join(', ')})`;
}
