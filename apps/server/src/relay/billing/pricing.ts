import { DEFAULT_COMPLETION_RATIO, DEFAULT_MODEL_RATIO } from '@tollgate/contract';
import type { OptionsStore } from '../../modules/options/options.store.js';
import { relayError } from '../relay-error.js';
import { inferredCompletionRatio } from './completion-ratio.js';

export interface Price {
  modelRatio: number;
  completionRatio: number;
  groupRatio: number;
}

/**
 * Ratios from the options (operator's overrides) over the built-in tables, parsed once per option change.
 * Lookup order as one-api: `model(type)` then `model`, options before defaults.
 */
export class Pricing {
  private parsedFrom: [string, string, string] = ['', '', ''];
  private modelRatio: Record<string, number> = {};
  private completionRatio: Record<string, number> = {};
  private groupRatio: Record<string, number> = {};

  constructor(private readonly options: OptionsStore) {}

  price(model: string, channelType: number, group: string): Price {
    this.refresh();
    const name = stripInternetSuffix(model);
    const modelRatio = lookup(this.modelRatio, DEFAULT_MODEL_RATIO, name, channelType) ?? this.fallbackModelRatio(model);
    const completionRatio = lookup(this.completionRatio, DEFAULT_COMPLETION_RATIO, name, channelType) ?? inferredCompletionRatio(name);
    return { modelRatio, completionRatio, groupRatio: this.groupRatio[group] ?? 1 };
  }

  /** one-api silently charged ratio 30 for unknown models; we refuse unless the operator chose a default. */
  private fallbackModelRatio(model: string): number {
    const configured = this.options.str('DefaultModelRatio').trim();
    if (configured !== '' && Number.isFinite(Number(configured))) return Number(configured);
    throw relayError.forbidden(
      `model ${model} has no price: an administrator must add it to the model ratio (ModelRatio option) or set DefaultModelRatio`,
      'model_price_not_set',
    );
  }

  /** Re-parses only when an option string changed; comparing the same strings costs nothing per request. */
  private refresh() {
    const current: [string, string, string] = [this.options.str('ModelRatio'), this.options.str('CompletionRatio'), this.options.str('GroupRatio')];
    if (current.every((value, i) => value === this.parsedFrom[i])) return;
    [this.modelRatio, this.completionRatio, this.groupRatio] = current.map(parseRatios) as [Record<string, number>, Record<string, number>, Record<string, number>];
    this.parsedFrom = current;
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
