import { z } from 'zod';
import { CHANNEL_LIMITS } from './channel.js';

/**
 * The channel form's model fetch: the upstream's own model list, asked with the channel's key, each model
 * marked with whether the gateway has a price for it (a request for an unpriced model is refused).
 */

/** Names the form may ask about at once: more than any vendor lists, few enough to answer at once. */
export const UNPRICED_MODELS_MAX = 5000;
/** A model name as the abilities table stores it (its `model` column is 191 characters in every dialect). */
export const MODEL_NAME_MAX_LENGTH = CHANNEL_LIMITS.name;

/**
 * POST /api/channel/fetch_models: the form's current values. With `id` (editing a saved channel), a blank
 * key and blank secret config fields are taken from the stored channel, as saving the form would keep them.
 * `type` and `id` are numbers, as the console sends them.
 */
export const FetchModelsRequestSchema = z.object({
  type: z.number().int(),
  key: z.string().optional().default(''),
  base_url: z
    .string()
    .nullish()
    .transform((value) => (value ?? '').trim().replace(/\/+$/, '')),
  other: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  config: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  id: z.number().int().positive().optional(),
});
export type FetchModelsRequest = z.input<typeof FetchModelsRequestSchema>;

/** One model of the upstream's list; `priced` is false when a request for it would be refused for want of a price. */
export interface FetchedModel {
  id: string;
  priced: boolean;
}

/** The answer's `data`: the upstream's models, de-duplicated and sorted by name. */
export interface FetchModelsAnswer {
  models: FetchedModel[];
}

const modelName = z.string().max(MODEL_NAME_MAX_LENGTH, 'channel.model_name_too_long');

/** POST /api/channel/unpriced_models: the models a form lists, to mark those without a price. */
export const UnpricedModelsRequestSchema = z.object({
  models: z.array(modelName).max(UNPRICED_MODELS_MAX, 'channel.model_names_too_many'),
});
export type UnpricedModelsRequest = z.input<typeof UnpricedModelsRequestSchema>;

/** The answer's `data`: the asked models that have no price, in the order asked. */
export interface UnpricedModelsAnswer {
  unpriced: string[];
}
