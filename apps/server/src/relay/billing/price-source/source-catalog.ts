import { SOURCE_PROVIDER_BY_CHANNEL_TYPE } from './channel-providers.js';
import { matches, withDashedDate } from './match-logic.js';
import { ratiosOf, type BuiltInRatios } from './source-ratios.js';
import type { SourceConstraint, SourceModel, SourceModelPrice, SourceProvider } from './source-schema.js';

/** Where a set of source prices came from: `genai-prices` at a version, or a file fetched on a day. */
export interface SourceProvenance {
  /** `genai-prices 0.1.8` (bundled) or `genai-prices data.json` (fetched). */
  name: string;
  /** The day the data was published or fetched (YYYY-MM-DD). */
  date: string;
  /** Where a fetched file came from. */
  url?: string;
}

/** A source model found for a client's model name on a channel type. */
export interface SourceMatch {
  provider: SourceProvider;
  model: SourceModel;
}

/**
 * The price source's data, ready to price: finds the source's model for a client's model name and turns its
 * price in force at a moment into ratios. Immutable; a refresh builds a new catalog.
 */
export class SourceCatalog {
  private readonly byId: ReadonlyMap<string, SourceProvider>;

  constructor(
    readonly providers: readonly SourceProvider[],
    readonly provenance: SourceProvenance,
  ) {
    this.byId = new Map(providers.map((provider) => [provider.id, provider]));
  }

  provider(id: string): SourceProvider | undefined {
    return this.byId.get(id);
  }

  /**
   * The source's model for a name: on a channel type the source has a provider for, that provider's (and its
   * fallbacks'); otherwise, or for a listing that names no channel (type 0), the first provider whose names fit.
   */
  find(model: string, channelType: number): SourceMatch | undefined {
    const name = model.toLowerCase().trim();
    const mapped = SOURCE_PROVIDER_BY_CHANNEL_TYPE[channelType];
    const provider = mapped !== undefined ? this.byId.get(mapped) : this.providers.find((candidate) => candidate.model_match && matches(candidate.model_match, name));
    if (!provider) return undefined;
    return this.findIn(provider, name) ?? (withDashedDate(name) !== name ? this.findIn(provider, withDashedDate(name)) : undefined);
  }

  /** The model's ratios at a moment (dated price changes apply from their day), or undefined when not token-priced. */
  ratios(match: SourceMatch, at: Date): BuiltInRatios | undefined {
    return ratiosOf(pricesAt(match.model, at));
  }

  /** When a dated or time-of-day price next changes after `now` (epoch ms), or Infinity. */
  nextChange(now: Date): number {
    let next = Infinity;
    for (const provider of this.providers) {
      for (const model of provider.models) {
        if (!Array.isArray(model.prices)) continue;
        for (const { constraint } of model.prices) if (constraint) next = Math.min(next, nextBoundary(constraint, now));
      }
    }
    return next;
  }

  private findIn(provider: SourceProvider, name: string, visited = new Set<string>()): SourceMatch | undefined {
    visited.add(provider.id);
    const model = provider.models.find((candidate) => matches(candidate.match, name));
    if (model) return { provider, model };
    for (const id of provider.fallback_model_providers ?? []) {
      const fallback = this.byId.get(id);
      if (!fallback || visited.has(id)) continue;
      const found = this.findIn(fallback, name, visited);
      if (found) return found;
    }
    return undefined;
  }
}

/** The prices in force at a moment: the last conditional price whose constraint holds, as the source decides. */
export function pricesAt(model: SourceModel, at: Date): SourceModelPrice {
  if (!Array.isArray(model.prices)) return model.prices;
  for (let i = model.prices.length - 1; i >= 0; i -= 1) {
    const entry = model.prices[i];
    if (entry && (!entry.constraint || holds(entry.constraint, at))) return entry.prices;
  }
  return model.prices[0]?.prices ?? {};
}

function holds(constraint: SourceConstraint, at: Date): boolean {
  if ('start_date' in constraint) return at.getTime() >= Date.parse(constraint.start_date);
  const now = secondOfDay(at);
  const start = timeOfDaySeconds(constraint.start_time);
  const end = timeOfDaySeconds(constraint.end_time);
  return end < start ? now >= start || now < end : now >= start && now < end;
}

function nextBoundary(constraint: SourceConstraint, now: Date): number {
  if ('start_date' in constraint) {
    const start = Date.parse(constraint.start_date);
    return start > now.getTime() ? start : Infinity;
  }
  const midnight = now.getTime() - secondOfDay(now) * 1000;
  const candidates = [constraint.start_time, constraint.end_time].map((time) => {
    const at = midnight + timeOfDaySeconds(time) * 1000;
    return at > now.getTime() ? at : at + 86_400_000;
  });
  return Math.min(...candidates);
}

const secondOfDay = (at: Date): number => at.getUTCHours() * 3600 + at.getUTCMinutes() * 60 + at.getUTCSeconds() + at.getUTCMilliseconds() / 1000;

/** `08:30:00+08:00` as seconds after midnight UTC. */
function timeOfDaySeconds(time: string): number {
  const [, hours = '0', minutes = '0', seconds = '0', fraction = '', zone = 'Z', sign, zoneHours = '0', zoneMinutes = '0'] = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|([+-])(\d{2}):(\d{2}))$/.exec(time) ?? [];
  const local = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(`0.${fraction || '0'}`);
  const offset = zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(zoneHours) * 3600 + Number(zoneMinutes) * 60);
  return (((local - offset) % 86_400) + 86_400) % 86_400;
}
