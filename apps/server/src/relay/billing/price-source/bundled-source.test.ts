import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import bundled from './bundled-source.json' with { type: 'json' };
import { loadBundledSource } from './bundled-source.js';

describe('the bundled price data', () => {
  it('is named by the installed package’s version (update bundled-source.json with the package)', () => {
    const entry = createRequire(import.meta.url).resolve('@pydantic/genai-prices');
    const manifest = JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
    expect(bundled.version).toBe(manifest.version);
  });

  it('fits the schema a downloaded file must fit, and prices the vendors’ current models', async () => {
    const catalog = await loadBundledSource();
    expect(catalog.provenance).toEqual({ name: `genai-prices ${bundled.version}`, date: bundled.published });
    for (const [model, type] of [['claude-sonnet-4-6', 14], ['gpt-5.2', 1], ['gemini-3-flash-preview', 24], ['deepseek-v3.2', 36], ['kimi-k2.5', 25]] as const) {
      const match = catalog.find(model, type);
      expect(match && catalog.ratios(match, new Date()), model).toBeDefined();
    }
  });
});
