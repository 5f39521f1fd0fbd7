import { EVERY_GROUP, type FallbackRule, type FallbackTrigger, type ModelFallbacks as ModelFallbacksOption } from '@tollgate/contract';
import type { OptionReader } from '../limits/group-limits.js';

/** One model's fallback chain as the relay uses it: the models to try next, and which failures send it on. */
export interface FallbackChain {
  models: readonly string[];
  /** `failure` always; `context_length` and `content_policy` when the operator turned them on. */
  triggers: ReadonlySet<FallbackTrigger>;
}

/**
 * The ModelFallbacks option, parsed once per change of its text (the options cache sync brings another node's
 * change). A request whose group and model have no chain costs one string comparison and, when any chain is
 * set, a map read or two: nothing is allocated. A value the option rules refused never gets here; anything
 * unreadable is treated as no chains rather than failing requests.
 */
export class ModelFallbacks {
  private parsedFrom = '';
  private byGroup = new Map<string, Map<string, FallbackChain>>();

  constructor(private readonly options: OptionReader) {}

  /** The chain of a model asked for under a group: the group's own rules first, else the `*` rules. */
  chainOf(group: string, model: string): FallbackChain | undefined {
    const text = this.options.str('ModelFallbacks');
    if (text !== this.parsedFrom) this.parse(text);
    if (this.byGroup.size === 0) return undefined;
    return (this.byGroup.get(group) ?? this.byGroup.get(EVERY_GROUP))?.get(model);
  }

  private parse(text: string) {
    this.parsedFrom = text;
    this.byGroup = new Map();
    let table: ModelFallbacksOption;
    try {
      table = JSON.parse(text || '{}') as ModelFallbacksOption;
    } catch {
      return;
    }
    if (!table || typeof table !== 'object') return;
    for (const [group, rules] of Object.entries(table)) {
      const chains = new Map<string, FallbackChain>();
      for (const [model, rule] of Object.entries(rules ?? {})) {
        const chain = chainOf(model, rule);
        if (chain) chains.set(model, chain);
      }
      this.byGroup.set(group, chains);
    }
  }
}

function chainOf(model: string, rule: FallbackRule | undefined): FallbackChain | undefined {
  const models = Array.isArray(rule?.chain) ? rule.chain.filter((next): next is string => typeof next === 'string' && next !== '' && next !== model) : [];
  if (models.length === 0) return undefined;
  const triggers = new Set<FallbackTrigger>(['failure']);
  for (const trigger of Array.isArray(rule?.on) ? rule.on : []) triggers.add(trigger);
  return { models, triggers };
}
