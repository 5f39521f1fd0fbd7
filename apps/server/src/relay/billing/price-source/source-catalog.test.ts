import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pricing } from '../pricing.js';
import { isSameModel, undatedName } from './model-aliases.js';
import { PriceSourceError, parseSourceData } from './parse-source.js';
import { PriceSources } from './price-sources.js';
import { SourceCatalog, pricesAt } from './source-catalog.js';
import { ratiosOf } from './source-ratios.js';

/** A small source in the package's shape: a maker, a cloud that falls back to it, a host priced by name. */
const providers = [
  {
    id: 'anthropic',
    name: 'Anthropic',
    api_pattern: 'x',
    model_match: { contains: 'claude' },
    models: [
      { id: 'claude-sonnet-4-5', match: { starts_with: 'claude-sonnet-4-5' }, prices: { input_mtok: { base: 3, tiers: [{ start: 200_000, price: 6 }] }, output_mtok: { base: 15, tiers: [{ start: 200_000, price: 22.5 }] }, cache_read_mtok: 0.3, cache_write_mtok: 3.75 } },
      { id: 'claude-x-2025-05-14', match: { equals: 'claude-x-2025-05-14' }, prices: { input_mtok: 1, output_mtok: 5 } },
      {
        id: 'claude-dated',
        match: { equals: 'claude-dated' },
        prices: [{ prices: { input_mtok: 2, output_mtok: 8 } }, { constraint: { start_date: '2030-01-01', type: 'start_date' }, prices: { input_mtok: 1, output_mtok: 4 } }],
      },
    ],
  },
  {
    id: 'azure',
    name: 'Azure',
    api_pattern: 'x',
    fallback_model_providers: ['openai'],
    models: [],
  },
  {
    id: 'openai',
    name: 'OpenAI',
    api_pattern: 'x',
    model_match: { starts_with: 'gpt-' },
    models: [
      { id: 'gpt-4o', match: { or: [{ equals: 'gpt-4o' }, { starts_with: 'gpt-4o-2024-08' }] }, prices: { input_mtok: 2.5, output_mtok: 10, cache_read_mtok: 1.25 } },
      { id: 'gpt-4o-2024-05-13', match: { equals: 'gpt-4o-2024-05-13' }, prices: { input_mtok: 5, output_mtok: 15 } },
      { id: 'free-model', match: { equals: 'gpt-free' }, prices: { input_mtok: 0, output_mtok: 0 } },
      { id: 'odd', match: { equals: 'gpt-odd' }, prices: { input_mtok: 0, output_mtok: 2 } },
      { id: 'image', match: { equals: 'gpt-image' }, prices: { output_image_mtok: 40 } },
      {
        id: 'off-peak',
        match: { equals: 'gpt-night' },
        prices: [{ prices: { input_mtok: 2, output_mtok: 4 } }, { constraint: { start_time: '16:30:00Z', end_time: '00:30:00Z' }, prices: { input_mtok: 1, output_mtok: 2 } }],
      },
    ],
  },
];

const catalog = new SourceCatalog(parseSourceData(JSON.stringify(providers)), { name: 'genai-prices test', date: '2026-11-01' });

describe('the price source catalog', () => {
  afterEach(() => vi.useRealTimers());

  it('finds a model by the channel type’s provider, its fallbacks, or by name', () => {
    expect(catalog.find('claude-sonnet-4-5-20250929', 14)?.model.id).toBe('claude-sonnet-4-5');
    expect(catalog.find('gpt-4o', 3)?.provider.id).toBe('openai');
    expect(catalog.find('GPT-4o', 0)?.model.id).toBe('gpt-4o');
    expect(catalog.find('claude-x-20250514', 0)?.model.id).toBe('claude-x-2025-05-14');
    // An Anthropic channel does not price an OpenAI name; by name it is found.
    expect(catalog.find('gpt-4o', 14)).toBeUndefined();
    expect(catalog.find('llama-3', 0)).toBeUndefined();
  });

  it('turns prices per million into ratios relative to input, with long-context tiers', () => {
    expect(ratiosOf(pricesAt(providers[0]!.models[0] as never, new Date()))).toEqual({
      modelRatio: 1.5,
      completionRatio: 5,
      cacheReadRatio: 0.1,
      cacheWriteRatio: 1.25,
      tiers: [{ above_prompt_tokens: 200_000, input: 3, output: 11.25, cache_read: 0.15, cache_write: 1.875 }],
    });
    const match = (name: string) => catalog.ratios(catalog.find(name, 0)!, new Date());
    // A kind without a price of its own costs an input token, as in the package's own calculation.
    expect(match('gpt-4o-2024-05-13')).toEqual({ modelRatio: 2.5, completionRatio: 3, cacheReadRatio: 1, cacheWriteRatio: 1 });
    expect(match('gpt-free')).toEqual({ modelRatio: 0, completionRatio: 1 });
    // Ratios relative to a free input cannot say a paid output; a model priced by images only is not token-priced.
    expect(match('gpt-odd')).toBeUndefined();
    expect(match('gpt-image')).toBeUndefined();
  });

  it('applies dated and time-of-day prices when they hold, and says when the next one starts', () => {
    const dated = catalog.find('claude-dated', 0)!;
    expect(catalog.ratios(dated, new Date('2029-12-31T23:59:59Z'))?.modelRatio).toBe(1);
    expect(catalog.ratios(dated, new Date('2030-01-01T00:00:00Z'))?.modelRatio).toBe(0.5);
    const night = catalog.find('gpt-night', 0)!;
    expect(catalog.ratios(night, new Date('2026-11-01T12:00:00Z'))?.modelRatio).toBe(1);
    expect(catalog.ratios(night, new Date('2026-11-01T20:00:00Z'))?.modelRatio).toBe(0.5);
    expect(catalog.ratios(night, new Date('2026-11-02T00:15:00Z'))?.modelRatio).toBe(0.5);
    expect(catalog.nextChange(new Date('2026-11-01T12:00:00Z'))).toBe(Date.parse('2026-11-01T16:30:00Z'));
  });

  it('forgets the prices worked out when a dated price takes effect', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2029-12-31T23:59:00Z'));
    const pricing = new Pricing({ str: () => '' }, new PriceSources(catalog));
    expect(pricing.price('claude-dated', 14, 'default').modelRatio).toBe(1);
    vi.setSystemTime(new Date('2030-01-01T00:00:01Z'));
    expect(pricing.price('claude-dated', 14, 'default').modelRatio).toBe(0.5);
  });

  it('takes a refreshed source at once', () => {
    const sources = new PriceSources(catalog);
    const pricing = new Pricing({ str: () => '' }, sources);
    expect(pricing.price('gpt-4o', 1, 'default').origin).toEqual({ kind: 'source', name: 'genai-prices test', date: '2026-11-01' });
    const cheaper = structuredClone(providers);
    cheaper[2]!.models[0]!.prices = { input_mtok: 2, output_mtok: 8, cache_read_mtok: 1 };
    sources.replace(new SourceCatalog(parseSourceData(JSON.stringify(cheaper)), { name: 'genai-prices data.json', date: '2026-11-28' }));
    expect(pricing.price('gpt-4o', 1, 'default')).toMatchObject({ modelRatio: 1, completionRatio: 4, origin: { date: '2026-11-28' } });
  });

  it('treats a snapshot and its alias as one model only when the source does', () => {
    expect(undatedName('claude-sonnet-4-5-20250929')).toBe('claude-sonnet-4-5');
    expect(undatedName('claude-sonnet-4-5@20250929')).toBe('claude-sonnet-4-5');
    expect(undatedName('claude-3-5-haiku-latest')).toBe('claude-3-5-haiku');
    expect(isSameModel(catalog, 'claude-sonnet-4-5', 'claude-sonnet-4-5-20250929')).toBe(true);
    expect(isSameModel(catalog, 'gpt-4o', 'gpt-4o-2024-08-06')).toBe(true);
    expect(isSameModel(catalog, 'gpt-4o', 'gpt-4o-2024-05-13')).toBe(false);
    expect(isSameModel(catalog, 'llama-3-20250101', 'llama-3')).toBe(false);
  });
});

describe('a price data file', () => {
  const problems = (text: string) => {
    try {
      parseSourceData(text);
    } catch (error) {
      if (error instanceof PriceSourceError) return error.problems;
      throw error;
    }
    return [];
  };

  it('is refused whole when it is not JSON, or a field does not fit, naming it', () => {
    expect(problems('[{"id": "x",')[0]).toMatch(/^not JSON/);
    expect(problems('[]')).toEqual(['(root): the file lists no provider']);
    const negative = structuredClone(providers);
    (negative[2]!.models[0]!.prices as unknown as Record<string, number>).input_mtok = -1;
    expect(problems(JSON.stringify(negative))).toEqual([expect.stringMatching(/^\[2\]\.models\[0\]\.prices/)]);
    const badRegex = structuredClone(providers);
    (badRegex[0]!.models[0] as { match: unknown }).match = { regex: '(' };
    expect(problems(JSON.stringify(badRegex))).toEqual(['[0].models[0].match.regex: not a valid regular expression']);
    const twice = [...structuredClone(providers), structuredClone(providers[0])];
    expect(problems(JSON.stringify(twice))).toEqual(['[3].id: provider "anthropic" is listed twice']);
  });

  it('is refused before parsing when it nests deeper than a price list can', () => {
    expect(problems(`${'['.repeat(5000)}${']'.repeat(5000)}`)).toEqual(['the file nests 5000 levels deep; a price list nests at most 40']);
  });
});
