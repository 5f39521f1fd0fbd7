import { z } from 'zod';

/**
 * The shape of a price data file of `@pydantic/genai-prices` (the package's bundled data, or the file its
 * README names for refreshing, `prices/new_data/v2/data.json`): a list of providers, each with models that
 * match client model names and their prices per unit. Checked whole before any of it prices a request: a
 * downloaded file that does not fit is refused with every offending field named, and the prices in force
 * stay. Objects are loose (the source may add descriptive fields); what billing reads is strict.
 */

export type MatchLogic =
  | { equals: string }
  | { starts_with: string }
  | { ends_with: string }
  | { contains: string }
  | { regex: string }
  | { or: MatchLogic[] }
  | { and: MatchLogic[] };

/** A match nested deeper than this is refused rather than walked (a malicious file must not overflow the stack). */
const MAX_MATCH_DEPTH = 16;

const compilableRegex = z.string().refine((pattern) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}, 'not a valid regular expression');

export const matchLogicSchema: z.ZodType<MatchLogic> = z.lazy(() =>
  z.union([
    z.strictObject({ equals: z.string() }),
    z.strictObject({ starts_with: z.string() }),
    z.strictObject({ ends_with: z.string() }),
    z.strictObject({ contains: z.string() }),
    z.strictObject({ regex: compilableRegex }),
    z.strictObject({ or: z.array(matchLogicSchema).min(1) }),
    z.strictObject({ and: z.array(matchLogicSchema).min(1) }),
  ]),
);

/** `HH:MM:SS[.fff]` with `Z` or an offset, as the source writes a time of day. */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/, 'a time of day such as 08:30:00Z');

const amount = z.number().finite().min(0);

/** A price that changes with the prompt's size: `base`, or a tier's price once the input tokens pass its `start`. */
const tieredPriceSchema = z.strictObject({
  base: amount,
  tiers: z.array(z.strictObject({ start: z.number().int().min(0), price: amount })).min(1),
});

/** Prices by unit key: `input_mtok` (per million input tokens), `cache_read_mtok`, `requests_kcount`... */
const modelPriceSchema = z.record(z.string().min(1), z.union([amount, tieredPriceSchema]));

const constraintSchema = z.union([
  z.strictObject({ type: z.literal('start_date').optional(), start_date: z.iso.date() }),
  z.strictObject({ type: z.literal('time_of_date').optional(), start_time: timeOfDay, end_time: timeOfDay }),
]);

const conditionalPriceSchema = z.looseObject({ constraint: constraintSchema.optional(), prices: modelPriceSchema });

const modelSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().optional(),
  match: matchLogicSchema,
  deprecated: z.boolean().optional(),
  context_window: z.number().optional(),
  prices: z.union([modelPriceSchema, z.array(conditionalPriceSchema).min(1)]),
});

const providerSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().min(1),
  model_match: matchLogicSchema.optional(),
  provider_match: matchLogicSchema.optional(),
  fallback_model_providers: z.array(z.string()).optional(),
  models: z.array(modelSchema),
});

export const sourceDataSchema = z
  .array(providerSchema)
  .min(1, 'the file lists no provider')
  .superRefine((providers, context) => {
    const ids = new Set<string>();
    providers.forEach((provider, index) => {
      if (ids.has(provider.id)) context.addIssue({ code: 'custom', path: [index, 'id'], message: `provider "${provider.id}" is listed twice` });
      ids.add(provider.id);
      provider.models.forEach((model, modelIndex) => {
        for (const [path, depth] of matchDepths(model.match, [index, 'models', modelIndex, 'match'])) {
          if (depth > MAX_MATCH_DEPTH) context.addIssue({ code: 'custom', path, message: `nested deeper than ${MAX_MATCH_DEPTH} levels` });
        }
      });
    });
  });

export type SourceProvider = z.infer<typeof providerSchema>;
export type SourceModel = z.infer<typeof modelSchema>;
export type SourceModelPrice = z.infer<typeof modelPriceSchema>;
export type SourceConstraint = z.infer<typeof constraintSchema>;

function* matchDepths(match: MatchLogic, path: (string | number)[], depth = 1): Generator<[(string | number)[], number]> {
  if (depth > MAX_MATCH_DEPTH) {
    yield [path, depth];
    return;
  }
  if ('or' in match) for (const [i, inner] of match.or.entries()) yield* matchDepths(inner, [...path, 'or', i], depth + 1);
  if ('and' in match) for (const [i, inner] of match.and.entries()) yield* matchDepths(inner, [...path, 'and', i], depth + 1);
}
