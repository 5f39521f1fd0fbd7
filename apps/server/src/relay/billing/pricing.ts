import { DEFAULT_COMPLETION_RATIO, DEFAULT_MODEL_RATIO, defaultTokenKindPrice, parseModelPriceTiers, type ModelPriceTiers, type PriceTier } from '@tollgate/contract';
import { RelayError, relayError } from '../relay-error.js';
import { inferredCompletionRatio } from './completion-ratio.js';

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

  constructor(private readonly options: OptionReader) {}

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
    const perRequestUsd = lookup(tables.ModelRequestPrice, {}, name, channelType);
    // A model priced per call needs no token price.
    const modelRatio = lookup(tables.ModelRatio, DEFAULT_MODEL_RATIO, name, channelType) ?? (perRequestUsd === undefined ? this.fallbackModelRatio(model) : 0);
    const completionRatio = lookup(tables.CompletionRatio, DEFAULT_COMPLETION_RATIO, name, channelType) ?? inferredCompletionRatio(name);
    const kinds = defaultTokenKindPrice(name);
    const price: Price = {
      modelRatio,
      completionRatio,
      groupRatio: tables.GroupRatio[group] ?? 1,
      cacheReadRatio: lookup(tables.CacheReadRatio, {}, name, channelType) ?? kinds.cacheRead,
      cacheWriteRatio: lookup(tables.CacheWriteRatio, {}, name, channelType) ?? kinds.cacheWrite,
    };
    const reasoningRatio = lookup(tables.ReasoningRatio, {}, name, channelType);
    if (reasoningRatio !== undefined) price.reasoningRatio = reasoningRatio;
    const audioInputRatio = lookup(tables.AudioInputRatio, {}, name, channelType);
    const audioOutputRatio = lookup(tables.AudioOutputRatio, {}, name, channelType);
    if (audioInputRatio !== undefined) price.audioInputRatio = audioInputRatio;
    if (audioOutputRatio !== undefined) price.audioOutputRatio = audioOutputRatio;
    const tiers = this.tiers[`${name}(${channelType})`] ?? this.tiers[name];
    if (tiers) price.tiers = tiers;
    if (perRequestUsd !== undefined) price.perRequest = perRequestUsd * Number(this.options.str('QuotaPerUnit'));
    return price;
  }

  groupRatio(group: string): number {
    this.refresh();
    return this.tables.GroupRatio[group] ?? 1;
  }

  /** The price a listing shows (no channel's own `model(type)` entry), or undefined for a model without one. */
  quote(model: string, group: string): Price | undefined {
    try {
      return this.price(model, 0, group);
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
    throw relayError.notConfigured(
      `model ${model} has no price: an administrator must add it to the model ratio (ModelRatio option) or set DefaultModelRatio`,
      'model_price_not_set',
    );
  }

  /** Re-parses only when an option string changed; comparing the same strings costs nothing per request. */
  private refresh() {
    const { options, parsedFrom } = this;
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

function lookup(live: Record<string, number>, defaults: Readonly<Record<string, number>>, name: string, channelType: number): number | undefined {
  const typed = `${name}(${channelType})`;
  return live[typed] ?? defaults[typed] ?? live[name] ?? defaults[name];
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
