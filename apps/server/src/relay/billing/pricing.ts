import { defaultTokenKindPrice, logPhrase, parseModelPriceTiers, type ModelPriceTiers, type PriceOrigin, type PriceTier } from '@tollgate/contract';
import { RelayError, relayError } from '../relay-error.js';
import { builtInPrice, builtInRequestPrice, tableCompletionRatio } from './built-in-price.js';
import { inferredCompletionRatio } from './completion-ratio.js';
import type { PriceSources } from './price-source/price-sources.js';

export interface Price {
  modelRatio: number;
  completionRatio: number;
  groupRatio: number;
  /** A cached input token read, relative to an input token; 1 when absent. */
  cacheReadRatio?: number;
  /** An input token written to the cache, relative to an input token; 1 when absent. */
  cacheWriteRatio?: number;
  /** A reasoning token, relative to an input token; the completion ratio when absent. */
  reasoningRatio?: number;
  /** An audio input token, relative to an input token; 1 when absent. */
  audioInputRatio?: number;
  /** An audio output token, relative to an input token; the completion ratio when absent. */
  audioOutputRatio?: number;
  /** The model's long-context tiers (ModelPriceTiers), lowest threshold first. */
  tiers?: readonly PriceTier[];
  /** The threshold of the tier this price was taken from (priceAt), when one applied. */
  tier?: number;
  /** Quota points one request costs (ModelRequestPrice), before the group ratio, for a model priced per call. */
  perRequest?: number;
  /** Where the model's price came from. */
  origin?: PriceOrigin;
}

/** The options that price models, in the order they are parsed. */
const RATIO_OPTIONS = ['ModelRatio', 'CompletionRatio', 'GroupRatio', 'CacheReadRatio', 'CacheWriteRatio', 'ReasoningRatio', 'ModelRequestPrice', 'AudioInputRatio', 'AudioOutputRatio'] as const;
type RatioTables = Record<(typeof RATIO_OPTIONS)[number], Record<string, number>>;
/** The other options a price depends on: a change to any of them, or to a ratio, forgets the prices worked out. */
const PRICE_INPUTS = [...RATIO_OPTIONS, 'ModelPriceTiers', 'QuotaPerUnit', 'DefaultModelRatio'] as const;

/**
 * How many prices are kept worked out. Model names come from clients (any name has a price once
 * DefaultModelRatio is set), so the memo starts over when full instead of growing with them.
 */
const MEMO_LIMIT = 4096;

/**
 * Ratios from the options (operator's overrides) over the built-in tables, parsed once per option change.
 * Lookup order as one-api: `model(type)` then `model`, options before defaults.
 */
/** The options store as pricing reads it (modules/options implements it). */
export interface OptionReader {
  str(key: string): string;
}

export class Pricing {
  private parsedFrom: string[] = [];
  private tables = Object.fromEntries(RATIO_OPTIONS.map((key) => [key, {}])) as RatioTables;
  private tiers: ModelPriceTiers = {};
  /** Prices worked out since the options last changed, by channel type, group and model: every request asks for one. */
  private readonly memo = new Map<string, Readonly<Price>>();
  /** The price source's revision the memo was worked out from, and when one of its dated prices next changes. */
  private sourceRevision = -1;
  private sourceValidUntil = Infinity;

  constructor(
    private readonly options: OptionReader,
    /** The maintained price source (genai-prices); without it, only Tollgate's own table prices models. */
    private readonly sources?: PriceSources,
  ) {}

  /** The price of a model on a channel type for a group; shared and frozen, so callers derive rather than change it. */
  price(model: string, channelType: number, group: string): Readonly<Price> {
    this.refresh();
    const key = `${channelType} ${group} ${model}`;
    let price = this.memo.get(key);
    if (price === undefined) {
      price = Object.freeze(this.workOut(model, channelType, group));
      if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
      this.memo.set(key, price);
    }
    return price;
  }

  private workOut(model: string, channelType: number, group: string): Price {
    const name = stripInternetSuffix(model);
    const { tables } = this;
    const live = (table: Record<string, number>) => table[`${name}(${channelType})`] ?? table[name];
    const operatorPerRequestUsd = live(tables.ModelRequestPrice);
    const operatorRatio = live(tables.ModelRatio);
    const builtIn = builtInPrice(this.sources?.current, name, channelType, new Date());
    // A vendor's per-call price (Cohere's per search) applies unless the operator priced the model either way.
    const builtInPerRequest = operatorPerRequestUsd === undefined && operatorRatio === undefined ? builtInRequestPrice(name, channelType) : undefined;
    const perRequestUsd = operatorPerRequestUsd ?? builtInPerRequest?.usd;
    // A model priced per call needs no token price.
    const modelRatio = operatorRatio ?? builtIn?.ratios.modelRatio ?? (perRequestUsd === undefined ? this.fallbackModelRatio(model) : 0);
    const kinds = defaultTokenKindPrice(name);
    const price: Price = {
      modelRatio,
      completionRatio: live(tables.CompletionRatio) ?? builtIn?.ratios.completionRatio ?? tableCompletionRatio(name, channelType) ?? inferredCompletionRatio(name),
      groupRatio: tables.GroupRatio[group] ?? 1,
      cacheReadRatio: live(tables.CacheReadRatio) ?? builtIn?.ratios.cacheReadRatio ?? kinds.cacheRead,
      cacheWriteRatio: live(tables.CacheWriteRatio) ?? builtIn?.ratios.cacheWriteRatio ?? kinds.cacheWrite,
      origin: operatorRatio !== undefined || operatorPerRequestUsd !== undefined ? { kind: 'operator' } : (builtInPerRequest?.origin ?? builtIn?.origin ?? { kind: 'default' }),
    };
    const reasoningRatio = live(tables.ReasoningRatio) ?? builtIn?.ratios.reasoningRatio;
    if (reasoningRatio !== undefined) price.reasoningRatio = reasoningRatio;
    const audioInputRatio = live(tables.AudioInputRatio) ?? builtIn?.ratios.audioInputRatio;
    const audioOutputRatio = live(tables.AudioOutputRatio) ?? builtIn?.ratios.audioOutputRatio;
    if (audioInputRatio !== undefined) price.audioInputRatio = audioInputRatio;
    if (audioOutputRatio !== undefined) price.audioOutputRatio = audioOutputRatio;
    // The source's long-context tiers are its prices: they hold only while the input price is the source's too.
    const tiers = this.tiers[`${name}(${channelType})`] ?? this.tiers[name] ?? (operatorRatio === undefined ? builtIn?.ratios.tiers : undefined);
    if (tiers) price.tiers = tiers;
    if (perRequestUsd !== undefined) price.perRequest = perRequestUsd * Number(this.options.str('QuotaPerUnit'));
    return price;
  }

  groupRatio(group: string): number {
    this.refresh();
    return this.tables.GroupRatio[group] ?? 1;
  }

  /**
   * The price a listing shows, or undefined for a model without one: on a channel type when one is named (its
   * `model(type)` entries and its provider's prices), else as the model's name finds it (type 0).
   */
  quote(model: string, group: string, channelType = 0): Price | undefined {
    try {
      return this.price(model, channelType, group);
    } catch (error) {
      if (error instanceof RelayError) return undefined;
      throw error;
    }
  }

  /**
   * one-api silently charged ratio 30 for unknown models; we refuse unless the operator chose a default, with a
   * 503 as for a model no channel serves (a 403 made SDKs report a permission problem of the caller's key).
   */
  private fallbackModelRatio(model: string): number {
    const configured = this.options.str('DefaultModelRatio').trim();
    if (configured !== '' && Number.isFinite(Number(configured))) return Number(configured);
    throw relayError.notConfigured(logPhrase('modelUnpriced', { model }), 'model_price_not_set');
  }

  /**
   * Re-parses only when an option string changed; comparing the same strings costs nothing per request. A new
   * price source, or the moment one of its dated prices takes effect, forgets the prices worked out too.
   */
  private refresh() {
    const { options, parsedFrom, sources } = this;
    if (sources && (sources.revision !== this.sourceRevision || Date.now() >= this.sourceValidUntil)) {
      this.sourceRevision = sources.revision;
      this.sourceValidUntil = sources.current.nextChange(new Date());
      this.memo.clear();
    }
    let changed = parsedFrom.length === 0;
    for (let i = 0; i < PRICE_INPUTS.length && !changed; i += 1) changed = options.str(PRICE_INPUTS[i] ?? '') !== parsedFrom[i];
    if (!changed) return;
    const current = PRICE_INPUTS.map((key) => options.str(key));
    this.tables = Object.fromEntries(RATIO_OPTIONS.map((key, i) => [key, parseRatios(current[i] ?? '')])) as RatioTables;
    this.tiers = parseModelPriceTiers(options.str('ModelPriceTiers'));
    this.parsedFrom = current;
    this.memo.clear();
  }
}

const stripInternetSuffix = (model: string) =>
  (model.startsWith('qwen-') || model.startsWith('command-')) && model.endsWith('-internet') ? model.slice(0, -'-internet'.length) : model;

function parseRatios(json: string): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(json || '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] >= 0));
  } catch {
    return {};
  }
}
