import { describe, expect, it } from 'vitest';
import defaultModelsFile from './data/default-models.json' with { type: 'json' };
import defaultPricesFile from './data/default-prices.json' with { type: 'json' };
import tokenKindPricesFile from './data/token-kind-prices.json' with { type: 'json' };
import { defaultModelsFileSchema, defaultPricesFileSchema, tokenKindPricesFileSchema } from './data-schemas.js';
import { DEFAULT_MODELS_BY_TYPE } from './default-models.js';
import { DEFAULT_COMPLETION_RATIO, DEFAULT_MODEL_RATIO } from './default-ratios.js';
import { parseCatalogData } from './parse-data.js';
import { DEFAULT_TOKEN_KIND_PRICES, TOKEN_KIND_PRICES_TAKEN, defaultTokenKindPrice } from './token-kind-ratios.js';

/** A deep copy of a data file with one change, to feed the schema. */
const edited = <T>(file: T, change: (copy: T) => void): T => {
  const copy = structuredClone(file);
  change(copy);
  return copy;
};

describe('the catalog data files', () => {
  // The move from TypeScript tables to these files was proven value for value by checksums in the commit
  // that made it (6509e5b); the data has changed since, as prices do. What must hold now: every list loads,
  // and entries read as the tables did.
  it('load every vendor list and price, as the tables they replaced did', () => {
    expect(Object.keys(DEFAULT_MODELS_BY_TYPE)).toHaveLength(51);
    // Only what the maintained price source does not list (the server's tests hold the two apart).
    expect(Object.keys(DEFAULT_MODEL_RATIO).length).toBeGreaterThanOrEqual(480);
    expect(Object.keys(DEFAULT_COMPLETION_RATIO).length).toBeGreaterThanOrEqual(7);
    expect(DEFAULT_TOKEN_KIND_PRICES).toHaveLength(16);
    expect(DEFAULT_MODEL_RATIO['text-embedding-3-small']).toBe(0.01);
    expect(DEFAULT_MODEL_RATIO['amazon.titan-embed-text-v2:0']).toBe(0.01);
    expect(DEFAULT_COMPLETION_RATIO['glm-4.6']).toBe(3.6666666667);
    expect(TOKEN_KIND_PRICES_TAKEN).toBe('2026-11-01');
  });

  it('keep the token-kind rules in the order they are tried', () => {
    expect(defaultTokenKindPrice('o3-mini-2025-01-31')).toEqual({ cacheRead: 0.5, cacheWrite: 1 });
    expect(defaultTokenKindPrice('o3-pro')).toEqual({ cacheRead: 0.25, cacheWrite: 1 });
    expect(defaultTokenKindPrice('us.anthropic.claude-sonnet-4-5')).toEqual({ cacheRead: 0.1, cacheWrite: 1.25 });
    expect(defaultTokenKindPrice('llama-3')).toEqual({ cacheRead: 1, cacheWrite: 1 });
  });

  it('say where and when every price list was taken', () => {
    for (const list of [...defaultPricesFile.priceLists, ...tokenKindPricesFile.priceLists]) {
      expect(list.source.length, list.vendor).toBeGreaterThan(10);
      expect(list.takenAt, list.vendor).toMatch(/^\d{4}-\d\d-\d\d$/);
    }
    expect(defaultModelsFile.takenAt).toBe('2026-11-25');
  });
});

describe('the catalog data schemas', () => {
  const rejects = (file: string, schema: Parameters<typeof parseCatalogData>[1], data: unknown) => () => parseCatalogData(file, schema, data);

  it('reject a negative price, naming the list and the model', () => {
    const data = edited(defaultPricesFile, (copy) => {
      copy.priceLists[1]!.modelRatio['gpt-5'] = -0.625;
    });
    expect(rejects('default-prices.json', defaultPricesFileSchema, data)).toThrow(/default-prices\.json is invalid: priceLists\[1\]\.modelRatio\["gpt-5"\]: Too small/);
  });

  it('reject a price that is not a number', () => {
    const data = edited(defaultPricesFile, (copy) => {
      (copy.priceLists[0]!.completionRatio as Record<string, unknown>)['whisper-1'] = '0';
    });
    expect(rejects('default-prices.json', defaultPricesFileSchema, data)).toThrow(/priceLists\[0\]\.completionRatio\["whisper-1"\]: Invalid input: expected number/);
  });

  it('reject an empty or padded model name', () => {
    const prices = edited(defaultPricesFile, (copy) => {
      copy.priceLists[2]!.modelRatio[''] = 1;
    });
    expect(rejects('default-prices.json', defaultPricesFileSchema, prices)).toThrow(/priceLists\[2\]\.modelRatio\[""\]: a model name must be non-empty/);
    const models = edited(defaultModelsFile, (copy) => {
      copy.lists.openai[3] = ' gpt-4';
    });
    expect(rejects('default-models.json', defaultModelsFileSchema, models)).toThrow(/lists\.openai\[3\]: a model name must be non-empty/);
  });

  it('reject an unknown field, naming it', () => {
    const prices = edited(defaultPricesFile, (copy) => {
      Object.assign(copy.priceLists[1]!, { takenOn: '2026-11-01' });
    });
    expect(rejects('default-prices.json', defaultPricesFileSchema, prices)).toThrow(/priceLists\[1\]: Unrecognized key: "takenOn"/);
    const kinds = edited(tokenKindPricesFile, (copy) => {
      Object.assign(copy.priceLists[0]!.rules[0]!, { cacheHit: 0.1 });
    });
    expect(rejects('token-kind-prices.json', tokenKindPricesFileSchema, kinds)).toThrow(/priceLists\[0\]\.rules\[0\]: Unrecognized key: "cacheHit"/);
  });

  it('reject a missing or malformed date taken', () => {
    const missing = edited(defaultPricesFile, (copy) => {
      delete (copy.priceLists[3] as Partial<(typeof copy.priceLists)[number]>).takenAt;
    });
    expect(rejects('default-prices.json', defaultPricesFileSchema, missing)).toThrow(/priceLists\[3\]\.takenAt: Invalid input/);
    const malformed = edited(defaultModelsFile, (copy) => {
      copy.takenAt = '25/11/2026';
    });
    expect(rejects('default-models.json', defaultModelsFileSchema, malformed)).toThrow(/takenAt: Invalid ISO date/);
  });

  it('reject a model priced by two lists, which merging would hide', () => {
    const data = edited(defaultPricesFile, (copy) => {
      copy.priceLists[2]!.modelRatio['codex-mini-latest'] = 1;
    });
    expect(rejects('default-prices.json', defaultPricesFileSchema, data)).toThrow(/priceLists\[2\]\.modelRatio\["codex-mini-latest"\]: also priced by OpenAI/);
  });

  it('reject a negative token-kind price and a rule an earlier prefix hides', () => {
    const negative = edited(tokenKindPricesFile, (copy) => {
      copy.priceLists[1]!.rules[2]!.cacheRead = -0.5;
    });
    expect(rejects('token-kind-prices.json', tokenKindPricesFileSchema, negative)).toThrow(/priceLists\[1\]\.rules\[2\]\.cacheRead: Too small/);
    const shadowed = edited(tokenKindPricesFile, (copy) => {
      copy.priceLists[1]!.rules.unshift({ prefix: 'o', cacheRead: 1, cacheWrite: 1 });
    });
    expect(rejects('token-kind-prices.json', tokenKindPricesFileSchema, shadowed)).toThrow(/priceLists\[1\]\.rules\[3\]\.prefix: never applies: "o" comes first/);
  });

  it('reject a channel type pointing at no list, and a model listed twice', () => {
    const dangling = edited(defaultModelsFile, (copy) => {
      (copy.channelTypes as Record<string, string>)['52'] = 'nobody';
    });
    expect(rejects('default-models.json', defaultModelsFileSchema, dangling)).toThrow(/channelTypes\["52"\]: no list is named "nobody"/);
    const twice = edited(defaultModelsFile, (copy) => {
      copy.lists.anthropic.push('claude-2.1');
    });
    expect(rejects('default-models.json', defaultModelsFileSchema, twice)).toThrow(/lists\.anthropic\[18\]: "claude-2\.1" is listed twice/);
  });

  it('accept the files as they are', () => {
    expect(defaultPricesFileSchema.safeParse(defaultPricesFile).success).toBe(true);
    expect(defaultModelsFileSchema.safeParse(defaultModelsFile).success).toBe(true);
    expect(tokenKindPricesFileSchema.safeParse(tokenKindPricesFile).success).toBe(true);
  });
});
