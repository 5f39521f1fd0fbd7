import { PRICE_SOURCE_DIFF_LIMIT, sourceAmountText } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { priceDiffText } from '../../cli/price-diff-text.js';
import { SourceCatalog } from '../../relay/billing/price-source/source-catalog.js';
import type { SourceModel } from '../../relay/billing/price-source/source-schema.js';
import { diffPriceData } from './price-source-diff.js';

const model = (id: string, prices: SourceModel['prices']): SourceModel => ({ id, match: { equals: id }, prices });
const catalog = (models: SourceModel[]) => new SourceCatalog([{ id: 'acme', name: 'Acme', models }], { name: 'test', date: '2026-01-01' });
const AT = new Date('2026-06-01T00:00:00Z');

describe('what a price source file changes', () => {
  it('names models added and removed, and changed prices kind by kind, tiers included, at the moment asked', () => {
    const before = catalog([
      model('kept', { input_mtok: 1, output_mtok: 2, web_searches_kcount: 10 }),
      model('tiered', { input_mtok: { base: 3, tiers: [{ start: 200_000, price: 6 }] } }),
      model('dated', [{ prices: { input_mtok: 1 } }, { constraint: { start_date: '2026-07-01' }, prices: { input_mtok: 9 } }]),
      model('gone', { input_mtok: 1 }),
    ]);
    const after = catalog([
      // A kind Tollgate does not bill changes no charge.
      model('kept', { input_mtok: 1, output_mtok: 2, web_searches_kcount: 20 }),
      model('tiered', { input_mtok: { base: 3, tiers: [{ start: 200_000, price: 4.5 }] }, cache_read_mtok: 0.3 }),
      // The dated price starts later than the moment of the diff: what is in force now is unchanged.
      model('dated', [{ prices: { input_mtok: 1 } }, { constraint: { start_date: '2026-08-01' }, prices: { input_mtok: 9 } }]),
      model('new', { input_mtok: 0.5, output_mtok: 1.5 }),
    ]);
    const diff = diffPriceData(before, after, AT);
    expect(diff).toEqual({
      counts: { added: 1, changed: 1, removed: 1 },
      added: [{ provider: 'acme', model: 'new', prices: { input_mtok: 0.5, output_mtok: 1.5 } }],
      changed: [
        {
          provider: 'acme',
          model: 'tiered',
          changes: [
            { kind: 'input_mtok', from: { base: 3, tiers: [{ start: 200_000, price: 6 }] }, to: { base: 3, tiers: [{ start: 200_000, price: 4.5 }] } },
            { kind: 'cache_read_mtok', to: 0.3 },
          ],
        },
      ],
      removed: [{ provider: 'acme', model: 'gone' }],
    });
    expect(priceDiffText(diff)).toBe(
      [
        'models: 1 added, 1 changed, 1 removed (US dollars per million tokens)',
        '  + acme/new: input_mtok $0.5, output_mtok $1.5',
        '  ~ acme/tiered: input_mtok $3 (>200K $6) -> $3 (>200K $4.5); cache_read_mtok - -> $0.3',
        '  - acme/gone',
        '',
      ].join('\n'),
    );
    expect(diffPriceData(after, after, AT).counts).toEqual({ added: 0, changed: 0, removed: 0 });
  });

  it('lists at most a bounded number of models of each sort, counting them all', () => {
    const many = catalog(Array.from({ length: PRICE_SOURCE_DIFF_LIMIT + 7 }, (_, i) => model(`m${String(i).padStart(4, '0')}`, { input_mtok: 1 })));
    const diff = diffPriceData(catalog([]), many, AT);
    expect(diff.counts.added).toBe(PRICE_SOURCE_DIFF_LIMIT + 7);
    expect(diff.added).toHaveLength(PRICE_SOURCE_DIFF_LIMIT);
    expect(diff.added[0]?.model).toBe('m0000');
    expect(priceDiffText(diff)).toContain('\n  ... and 7 more\n');
  });

  it('writes prices without a language', () => {
    expect([sourceAmountText(3), sourceAmountText(0.175), sourceAmountText(1 / 3), sourceAmountText(undefined)]).toEqual(['$3', '$0.175', '$0.333333', '-']);
    expect(sourceAmountText({ base: 1.25, tiers: [{ start: 128_000, price: 2.5 }, { start: 1500, price: 9 }] })).toBe('$1.25 (>128K $2.5, >1500 $9)');
  });
});
