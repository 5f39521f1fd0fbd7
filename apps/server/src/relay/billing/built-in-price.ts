import { DEFAULT_COMPLETION_RATIO, DEFAULT_MODEL_RATIO, DEFAULT_REQUEST_PRICE, defaultPriceListOf, type PriceOrigin } from '@tollgate/contract';
import { SOURCE_PROVIDER_BY_CHANNEL_TYPE } from './price-source/channel-providers.js';
import type { SourceCatalog } from './price-source/source-catalog.js';
import type { BuiltInRatios } from './price-source/source-ratios.js';

export interface BuiltInPrice {
  ratios: BuiltInRatios;
  origin: PriceOrigin;
}

/**
 * A model's price before the operator's options: the maintained price source first (genai-prices), and
 * Tollgate's own table for what the source does not list (the Chinese vendors of one-api's catalog). In order:
 * the source's provider of the channel type, the table's entry for that channel type (`name(type)`), the
 * source's provider the name fits, the table's plain entry.
 */
export function builtInPrice(catalog: SourceCatalog | undefined, name: string, channelType: number, at: Date): BuiltInPrice | undefined {
  const fromSource = (type: number): BuiltInPrice | undefined => {
    const match = catalog?.find(name, type);
    const ratios = match && catalog?.ratios(match, at);
    return ratios && catalog ? { ratios, origin: { kind: 'source', name: catalog.provenance.name, date: catalog.provenance.date } } : undefined;
  };
  const sourceOfType = SOURCE_PROVIDER_BY_CHANNEL_TYPE[channelType] !== undefined ? fromSource(channelType) : undefined;
  return sourceOfType ?? fromTable(`${name}(${channelType})`, name) ?? fromSource(0) ?? fromTable(name, name);
}

/** Whether a model has a built-in price on some channel (the source's, by name, or the table's). */
export const hasBuiltInPrice = (catalog: SourceCatalog | undefined, name: string): boolean =>
  builtInPrice(catalog, name, 0, new Date()) !== undefined || DEFAULT_REQUEST_PRICE[name] !== undefined;

/**
 * The per-call price in US dollars that Tollgate's table gives a model its vendor bills per call (Cohere's
 * rerank, per search unit), `name(type)` before `name`, with the list it comes from.
 */
export function builtInRequestPrice(name: string, channelType: number): { usd: number; origin: PriceOrigin } | undefined {
  const key = DEFAULT_REQUEST_PRICE[`${name}(${channelType})`] !== undefined ? `${name}(${channelType})` : name;
  const usd = DEFAULT_REQUEST_PRICE[key];
  if (usd === undefined) return undefined;
  const list = defaultPriceListOf(key);
  return { usd, origin: { kind: 'catalog', ...(list ? { name: list.vendor, date: list.takenAt } : {}) } };
}

/** The completion ratio of Tollgate's table for a model priced elsewhere (an operator's ModelRatio). */
export const tableCompletionRatio = (name: string, channelType: number): number | undefined => DEFAULT_COMPLETION_RATIO[`${name}(${channelType})`] ?? DEFAULT_COMPLETION_RATIO[name];

function fromTable(key: string, name: string): BuiltInPrice | undefined {
  const modelRatio = DEFAULT_MODEL_RATIO[key];
  if (modelRatio === undefined) return undefined;
  const list = defaultPriceListOf(key);
  const ratios: BuiltInRatios = { modelRatio };
  const completionRatio = DEFAULT_COMPLETION_RATIO[key] ?? DEFAULT_COMPLETION_RATIO[name];
  if (completionRatio !== undefined) ratios.completionRatio = completionRatio;
  return { ratios, origin: { kind: 'catalog', ...(list ? { name: list.vendor, date: list.takenAt } : {}) } };
}
