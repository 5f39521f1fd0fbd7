/** The ratio options the console's editors show built-in values for (GroupRatio has none: groups are the operator's). */
export const BUILT_IN_RATIO_KEYS = ['ModelRatio', 'CompletionRatio', 'CacheReadRatio', 'CacheWriteRatio', 'ReasoningRatio'] as const;

export type BuiltInRatioKey = (typeof BUILT_IN_RATIO_KEYS)[number];

/**
 * GET /api/pricing/built_in_ratios data: for each ratio option, model name -> the ratio the server prices with
 * when the option does not name the model (the maintained price source's, else Tollgate's table's), for the
 * models the channel form offers and every model a channel lists. A model without a built-in price is absent;
 * a cache or reasoning ratio is listed only where it differs from what an absent entry means (1, and the
 * completion ratio for reasoning).
 */
export type BuiltInRatiosView = Record<BuiltInRatioKey, Record<string, number>>;
