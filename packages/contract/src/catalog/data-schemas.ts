import { z } from 'zod';

/**
 * The shapes of the catalog's data files (`data/*.json`): model lists and built-in prices are data, kept
 * as JSON and checked here when they load, so a typo in a price list stops the build and its tests with
 * the field named rather than billing at a wrong price. Every object is strict: a misspelt key is an error.
 */

/** A model name as clients send it: non-empty, without surrounding spaces. */
const modelName = z.string().regex(/^\S(?:.*\S)?$/, 'a model name must be non-empty, without surrounding spaces');

/** A price ratio: a finite number of 0 or more (0 is a free model, still priced). */
const ratio = z.number().min(0);

/** Where a price list or model list was read, and on which day (YYYY-MM-DD). */
const provenance = { source: z.string().trim().min(1), takenAt: z.iso.date() };

export const defaultModelsFileSchema = z
  .strictObject({
    ...provenance,
    /** Named model lists, each the default models of one or more channel types. */
    lists: z.record(z.string().min(1), z.array(modelName)),
    /** Channel type id -> the name of its list. */
    channelTypes: z.record(z.string().regex(/^[1-9]\d*$/, 'a channel type id'), z.string().min(1)),
  })
  .superRefine((file, context) => {
    for (const [name, models] of Object.entries(file.lists)) {
      models.forEach((model, index) => {
        if (models.indexOf(model) !== index) context.addIssue({ code: 'custom', path: ['lists', name, index], message: `"${model}" is listed twice` });
      });
    }
    for (const [type, list] of Object.entries(file.channelTypes)) {
      if (!Object.hasOwn(file.lists, list)) context.addIssue({ code: 'custom', path: ['channelTypes', type], message: `no list is named "${list}"` });
    }
  });

/** One vendor's price list (or one-api's table): ratio 1 = $0.002 per 1K input tokens, `name(type)` for one channel type. */
const priceListSchema = z.strictObject({
  vendor: z.string().trim().min(1),
  ...provenance,
  modelRatio: z.record(modelName, ratio),
  completionRatio: z.record(modelName, ratio),
  /** US dollars per call, for models the vendor bills per call (Cohere's rerank, per search unit): ModelRequestPrice's unit. */
  requestPrice: z.record(modelName, ratio).optional(),
});

export const defaultPricesFileSchema = z
  .strictObject({ priceLists: z.array(priceListSchema) })
  .superRefine((file, context) => {
    // Merged into one table, a model priced by two lists would silently take the later price.
    for (const table of ['modelRatio', 'completionRatio', 'requestPrice'] as const) {
      const pricedBy = new Map<string, string>();
      file.priceLists.forEach((list, index) => {
        for (const model of Object.keys(list[table] ?? {})) {
          const earlier = pricedBy.get(model);
          if (earlier !== undefined) context.addIssue({ code: 'custom', path: ['priceLists', index, table, model], message: `also priced by ${earlier}` });
          pricedBy.set(model, list.vendor);
        }
      });
    }
  });

const tokenKindRuleSchema = z.strictObject({ prefix: z.string().min(1), cacheRead: ratio, cacheWrite: ratio });

export const tokenKindPricesFileSchema = z
  .strictObject({ priceLists: z.array(z.strictObject({ vendor: z.string().trim().min(1), ...provenance, rules: z.array(tokenKindRuleSchema) })) })
  .superRefine((file, context) => {
    // The first matching prefix wins, so a rule after a shorter prefix of its own would never apply.
    const seen: string[] = [];
    file.priceLists.forEach((list, listIndex) => {
      list.rules.forEach((rule, ruleIndex) => {
        const shadow = seen.find((prefix) => rule.prefix.startsWith(prefix));
        if (shadow !== undefined) context.addIssue({ code: 'custom', path: ['priceLists', listIndex, 'rules', ruleIndex, 'prefix'], message: `never applies: "${shadow}" comes first` });
        seen.push(rule.prefix);
      });
    });
  });

export type DefaultModelsFile = z.infer<typeof defaultModelsFileSchema>;
export type DefaultPricesFile = z.infer<typeof defaultPricesFileSchema>;
export type TokenKindPricesFile = z.infer<typeof tokenKindPricesFileSchema>;
