import { ModelMoneyPriceSchema, renderMessage } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { moneyFieldsOf, moneyPriceChanges, operatorPrices } from './money-prices';

const options = { ModelRatio: '{"my-model":1.5}', CompletionRatio: '{"my-model":5}', CacheReadRatio: '{"my-model":0.1}', CacheWriteRatio: '{}', ReasoningRatio: '{}' };

describe('money prices over the stored ratios', () => {
  it('shows a ratio of 1 as $2 per 1M tokens at the default QuotaPerUnit, the other kinds relative to it', () => {
    expect(moneyFieldsOf(options, 'my-model', 500_000)).toEqual({ model: 'my-model', input: '3', output: '15', cache_read: '0.3', cache_write: '', reasoning: '', audio_input: '', audio_output: '' });
    // QuotaPerUnit 1,000,000: a ratio of 1.5 is $1.50.
    expect(moneyFieldsOf(options, 'my-model', 1_000_000).input).toBe('1.5');
    expect(moneyFieldsOf(options, 'gpt-4o', 500_000).input).not.toBe('');
    expect(operatorPrices(options, 500_000).map((row) => row.model)).toEqual(['my-model']);
  });

  it('stores a money price as ratios, blank kinds taken out of their tables, unchanged tables not sent', () => {
    const price = ModelMoneyPriceSchema.parse({ model: 'my-model', input: '6', output: '18', cache_read: '', cache_write: '7.5', reasoning: '', audio_input: '48' });
    expect(moneyPriceChanges(options, price, 500_000)).toEqual([
      { key: 'ModelRatio', value: '{"my-model":3}' },
      { key: 'CompletionRatio', value: '{"my-model":3}' },
      { key: 'CacheReadRatio', value: '{}' },
      { key: 'CacheWriteRatio', value: '{"my-model":1.25}' },
      { key: 'AudioInputRatio', value: '{"my-model":8}' },
    ]);
    const same = ModelMoneyPriceSchema.parse({ model: 'my-model', input: 3, output: 15, cache_read: 0.3 });
    expect(moneyPriceChanges(options, same, 500_000)).toEqual([]);
  });

  it('refuses a negative or non-numeric price naming the field', () => {
    const problem = (input: Record<string, unknown>) => {
      const issue = ModelMoneyPriceSchema.safeParse(input).error?.issues[0];
      return issue && renderMessage({ code: issue.message, params: { field: issue.path.map(String).join('.') } }, 'en');
    };
    expect(problem({ model: 'm', input: '-1', output: '2' })).toBe('input must be a number of 0 or more');
    expect(problem({ model: 'm', input: '1', output: 'cheap' })).toBe('output must be a number of 0 or more');
    expect(problem({ model: 'm', input: '1', output: '2', reasoning: '-0.5' })).toBe('reasoning must be a number of 0 or more');
    expect(problem({ model: 'm', input: '', output: '2' })).toBe('input is required');
    expect(problem({ model: ' ', input: '1', output: '2' })).toBe('model is required');
    expect(problem({ model: 'm', input: '0', output: '2' })).toBe('input must be greater than 0 when another kind has a price');
  });
});
