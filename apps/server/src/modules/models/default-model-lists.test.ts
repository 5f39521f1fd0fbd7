import { DEFAULT_MODEL_RATIO } from '@tollgate/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBundledSource } from '../../relay/billing/price-source/bundled-source.js';
import { PriceSources } from '../../relay/billing/price-source/price-sources.js';
import { SOURCE_PROVIDER_BY_CHANNEL_TYPE } from '../../relay/billing/price-source/channel-providers.js';
import { Pricing } from '../../relay/billing/pricing.js';
import { defaultModelLists } from './default-model-lists.js';

/** The vendors whose models users call most, and the agents ask for by default. */
const VENDOR_TYPES = { OpenAI: 1, Anthropic: 14, Gemini: 24, xAI: 45, DeepSeek: 36, Moonshot: 25, Bedrock: 33, Vertex: 42 };

describe('the default model lists and the built-in prices', () => {
  let sources: PriceSources;
  let pricing: Pricing;
  beforeAll(async () => {
    sources = new PriceSources(await loadBundledSource());
    pricing = new Pricing({ str: () => '' }, sources);
  });

  it('offer each maker’s current models first, from the price source', () => {
    const lists = defaultModelLists(sources);
    expect(lists[14]?.slice(0, 12)).toEqual(expect.arrayContaining(['claude-opus-4-8', 'claude-sonnet-4-6', 'claude-sonnet-5', 'claude-haiku-4-5']));
    expect(lists[1]?.slice(0, 30)).toEqual(expect.arrayContaining(['gpt-5.2', 'gpt-5.1']));
    expect(lists[24]?.slice(0, 20)).toEqual(expect.arrayContaining(['gemini-3-flash-preview', 'gemini-3-pro-preview', 'gemini-3.1-pro-preview']));
    expect(lists[36]).toEqual(expect.arrayContaining(['deepseek-v3.2', 'deepseek-chat']));
    expect(lists[25]).toEqual(expect.arrayContaining(['kimi-k2.5', 'moonshot-v1-8k']));
    // Tollgate's own names stay offered after them: dated ids, media models.
    expect(lists[14]).toContain('claude-opus-4-5-20251101');
    expect(lists[1]).toContain('dall-e-3');
    // Gemini's own API does not serve the Claude models Google lists for Vertex.
    expect(lists[24]?.some((model) => model.includes('claude'))).toBe(false);
  });

  it.each(Object.entries(VENDOR_TYPES))('price every default model of %s', (_vendor, type) => {
    const unpriced = (defaultModelLists(sources)[type] ?? []).filter((model) => pricing.quote(model, 'default', type) === undefined);
    expect(unpriced).toEqual([]);
  });

  it('keep in Tollgate’s own table only what the source does not price', () => {
    const catalog = sources.current;
    const overlap = Object.keys(DEFAULT_MODEL_RATIO).filter((key) => {
      const [, name = key, type = '0'] = /^(.*)\((\d+)\)$/.exec(key) ?? [];
      if (type !== '0' && SOURCE_PROVIDER_BY_CHANNEL_TYPE[Number(type)] === undefined) return false;
      const match = catalog.find(name, Number(type));
      return match !== undefined && catalog.ratios(match, new Date()) !== undefined;
    });
    expect(overlap).toEqual([]);
  });
});

