import { beforeAll, describe, expect, it } from 'vitest';
import { RelayError } from '../relay-error.js';
import { loadBundledSource } from './price-source/bundled-source.js';
import { PriceSources } from './price-source/price-sources.js';
import { Pricing, type OptionReader } from './pricing.js';

const optionsWith = (values: Record<string, string>) =>
  ({ str: (key: string) => values[key] ?? '' }) satisfies OptionReader;

describe('Pricing', () => {
  // The built-in prices: the bundled price source, then Tollgate's table.
  let sources: PriceSources;
  beforeAll(async () => {
    sources = new PriceSources(await loadBundledSource());
  });

  it('uses the built-in prices, with the operator overrides first and per-type keys before plain ones', () => {
    const pricing = new Pricing(optionsWith({ ModelRatio: '{"gpt-4o":3,"my-model(36)":7}', GroupRatio: '{"default":1,"vip":0.5}' }), sources);
    expect(pricing.price('gpt-4o', 1, 'default')).toEqual({ modelRatio: 3, completionRatio: 4, groupRatio: 1, cacheReadRatio: 0.5, cacheWriteRatio: 1, origin: { kind: 'operator' } });
    expect(pricing.price('gpt-4o-mini', 1, 'vip')).toMatchObject({ modelRatio: 0.075, completionRatio: 4, groupRatio: 0.5, cacheReadRatio: 0.5, cacheWriteRatio: 1, origin: { kind: 'source' } });
    expect(pricing.price('my-model', 36, 'default').modelRatio).toBe(7);
    expect(pricing.price('llama3-8b-8192', 33, 'default').completionRatio).toBe(2);
  });

  it('prices token kinds from the built-in prices, the operator’s options first', () => {
    const pricing = new Pricing(optionsWith({ ModelRatio: '{"claude-sonnet-4-5":1.5}', CacheReadRatio: '{"claude-sonnet-4-5(33)":0.2}', ReasoningRatio: '{"claude-sonnet-4-5":6}' }), sources);
    expect(pricing.price('claude-sonnet-4-5', 14, 'default')).toMatchObject({ cacheReadRatio: 0.1, cacheWriteRatio: 1.25, reasoningRatio: 6 });
    expect(pricing.price('claude-sonnet-4-5', 33, 'default').cacheReadRatio).toBe(0.2);
    expect(pricing.price('gpt-4o', 1, 'default').reasoningRatio).toBeUndefined();
  });

  it('refuses a model without a price with a message naming it, unless a default ratio is set', () => {
    const refusing = new Pricing(optionsWith({}));
    expect(() => refusing.price('mystery-model', 1, 'default')).toThrow(RelayError);
    expect(() => refusing.price('mystery-model', 1, 'default')).toThrow(/mystery-model has no price/);
    const lenient = new Pricing(optionsWith({ DefaultModelRatio: '2' }));
    expect(lenient.price('mystery-model', 1, 'unknown-group')).toEqual({ modelRatio: 2, completionRatio: 1, groupRatio: 1, cacheReadRatio: 1, cacheWriteRatio: 1, origin: { kind: 'default' } });
  });
});
