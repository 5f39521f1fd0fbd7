import defaultPricesFile from './data/default-prices.json' with { type: 'json' };
import { defaultPricesFileSchema } from './data-schemas.js';
import { parseCatalogData } from './parse-data.js';

/**
 * Built-in price ratios: 1 = $0.002 per 1K tokens (so 500000 quota = $1). `name(type)` keys apply to one
 * channel type only. Operators override or extend them with the ModelRatio / CompletionRatio options.
 * The prices are data, `data/default-prices.json`: one-api's table, then each vendor's published price
 * list with the day it was taken; here they are merged into one table of each kind.
 */
export const DEFAULT_PRICES_FILE = parseCatalogData('default-prices.json', defaultPricesFileSchema, defaultPricesFile);

export const DEFAULT_MODEL_RATIO: Readonly<Record<string, number>> = Object.assign({}, ...DEFAULT_PRICES_FILE.priceLists.map((list) => list.modelRatio));

export const DEFAULT_COMPLETION_RATIO: Readonly<Record<string, number>> = Object.assign({}, ...DEFAULT_PRICES_FILE.priceLists.map((list) => list.completionRatio));

/**
 * Built-in prices per call, in US dollars (ModelRequestPrice's unit), for models their vendor bills per call
 * rather than per token: Cohere's rerank, per search unit.
 */
export const DEFAULT_REQUEST_PRICE: Readonly<Record<string, number>> = Object.assign({}, ...DEFAULT_PRICES_FILE.priceLists.map((list) => list.requestPrice ?? {}));

/** Which price list of Tollgate's table prices a model (`name` or `name(type)` key), and the day it was taken. */
const LIST_OF_MODEL: ReadonlyMap<string, { vendor: string; takenAt: string }> = new Map(
  DEFAULT_PRICES_FILE.priceLists.flatMap((list) =>
    [...Object.keys(list.modelRatio), ...Object.keys(list.requestPrice ?? {})].map((model) => [model, { vendor: list.vendor, takenAt: list.takenAt }] as const),
  ),
);

export const defaultPriceListOf = (key: string): { vendor: string; takenAt: string } | undefined => LIST_OF_MODEL.get(key);
