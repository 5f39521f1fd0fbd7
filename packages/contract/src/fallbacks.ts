import type { CatalogMessage } from './messages/catalog.js';

/**
 * Fallbacks across models (the ModelFallbacks option): per group (`*` for every group without its own entry),
 * per model asked for, the models to try next when that model's route is exhausted. LiteLLM's vocabulary:
 * `failure` is its `fallbacks` (always on), `context_length` its `context_window_fallbacks`, `content_policy`
 * its `content_policy_fallbacks` (both opt-in).
 *
 * `{"*":{"claude-sonnet-4-6":{"chain":["gpt-5.2","gemini-3-pro-preview"],"on":["failure","context_length"]}}}`
 */
export const FALLBACK_TRIGGERS = ['failure', 'context_length', 'content_policy'] as const;
export type FallbackTrigger = (typeof FALLBACK_TRIGGERS)[number];

export interface FallbackRule {
  /** The models tried after the one asked for, in order; never the model itself. */
  chain: string[];
  /** What makes the request go on to the next model; `failure` is always on, whether listed or not. */
  on?: FallbackTrigger[];
}

/** group (or `*`) → model asked for → its rule. */
export type ModelFallbacks = Record<string, Record<string, FallbackRule>>;

/** The group whose rules apply to every group without an entry of its own. */
export const EVERY_GROUP = '*';

/** The longest chain accepted: each step is a whole routed attempt, retries included. */
export const FALLBACK_CHAIN_MAX = 8;

/** One model of a chain that did not answer, as a log's `other.fallback` lists it. */
export interface FallbackStep {
  model: string;
  /** The channels called for it, in order; none when none could serve it. */
  channels: number[];
  /** The status it failed with (the upstream's, or the relay's own 404/503 when no channel served it). */
  status: number;
  /** Why the next model was tried; absent on the model whose failure ended the request, and on a skipped one. */
  trigger?: FallbackTrigger;
  /**
   * Set when the model was passed over without a call: `unpriced`, it has no price (the relay refuses such a
   * model, so the one after it was tried). Its `status` is that refusal's.
   */
  skipped?: FallbackSkip;
}

/** Why a model of a chain was passed over without a call. */
export type FallbackSkip = 'unpriced';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const refuse = (code: 'fallback.not_json' | 'fallback.entry_invalid' | 'fallback.chain_invalid' | 'fallback.chain_self' | 'fallback.trigger_invalid' | 'fallback.cycle', field: string, extra: Record<string, string> = {}): CatalogMessage => ({
  code,
  params: { field, ...extra },
});

/**
 * Why a ModelFallbacks value was refused, naming the field (`ModelFallbacks.<group>.<model>.chain`), or undefined.
 * A chain must be non-empty model names, not name its own model or repeat one, and the models of a group
 * must not fall back into each other in a cycle (a→b and b→a): a request would try a model twice.
 */
export function modelFallbacksProblem(value: string): CatalogMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value || '{}');
  } catch {
    return refuse('fallback.not_json', 'ModelFallbacks');
  }
  if (!isObject(parsed)) return refuse('fallback.not_json', 'ModelFallbacks');
  for (const [group, models] of Object.entries(parsed)) {
    if (!isObject(models)) return refuse('fallback.entry_invalid', `ModelFallbacks.${group}`);
    for (const [model, rule] of Object.entries(models)) {
      const field = `ModelFallbacks.${group}.${model}`;
      if (!isObject(rule)) return refuse('fallback.entry_invalid', field);
      const { chain, on, ...rest } = rule;
      const unknown = Object.keys(rest)[0];
      if (unknown !== undefined) return refuse('fallback.entry_invalid', `${field}.${unknown}`);
      if (!Array.isArray(chain) || chain.length === 0 || chain.length > FALLBACK_CHAIN_MAX) return refuse('fallback.chain_invalid', `${field}.chain`);
      const seen = new Set<string>();
      for (const [index, next] of chain.entries()) {
        if (typeof next !== 'string' || next.trim() === '' || seen.has(next)) return refuse('fallback.chain_invalid', `${field}.chain.${index}`);
        if (next === model) return refuse('fallback.chain_self', `${field}.chain.${index}`);
        seen.add(next);
      }
      if (on !== undefined) {
        if (!Array.isArray(on)) return refuse('fallback.trigger_invalid', `${field}.on`);
        for (const [index, trigger] of on.entries()) {
          if (!(FALLBACK_TRIGGERS as readonly unknown[]).includes(trigger)) return refuse('fallback.trigger_invalid', `${field}.on.${index}`);
        }
      }
    }
    const cycle = cycleIn(models as Record<string, FallbackRule>);
    if (cycle) return refuse('fallback.cycle', `ModelFallbacks.${group}.${cycle[0]}.chain`, { models: cycle.join(' → ') });
  }
  return undefined;
}

/** A cycle among a group's chains (a model reachable from itself), as the models along it, or undefined. */
function cycleIn(rules: Record<string, FallbackRule>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (model: string): string[] | undefined => {
    if (state.get(model) === 'done') return undefined;
    if (state.get(model) === 'open') return [...path.slice(path.indexOf(model)), model];
    state.set(model, 'open');
    path.push(model);
    for (const next of Object.hasOwn(rules, model) ? rules[model]!.chain : []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(model, 'done');
    return undefined;
  };
  for (const model of Object.keys(rules)) {
    const found = visit(model);
    if (found) return found;
  }
  return undefined;
}
