import defaultModelsFile from './data/default-models.json' with { type: 'json' };
import { defaultModelsFileSchema } from './data-schemas.js';
import { parseCatalogData } from './parse-data.js';

/**
 * Default model list of each channel type (what one-api's adaptors offer, and the vendors' current models),
 * served by GET /api/models and used to prefill the channel form. The lists are data: `data/default-models.json`,
 * one named list shared by the channel types that offer the same models.
 */
export const DEFAULT_MODELS_FILE = parseCatalogData('default-models.json', defaultModelsFileSchema, defaultModelsFile);

export const DEFAULT_MODELS_BY_TYPE: Readonly<Record<number, readonly string[]>> = Object.fromEntries(
  Object.entries(DEFAULT_MODELS_FILE.channelTypes).map(([type, list]) => [Number(type), DEFAULT_MODELS_FILE.lists[list] ?? []]),
);
