import { ModelMoneyPriceSchema, renderMessage } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { moneyFieldsOf, moneyPriceChanges, operatorPrices } from './money-prices';
import type { OptionChange, Options } from './option-diff';

const options = { ModelRatio: '{"my-model":1.5}', CompletionRatio: '{"my-model":5}', CacheReadRatio: '{"my-model":0.1}', CacheWriteRatio: '{}', ReasoningRatio: '{}' };

describe('money prices over the stored ratios', () => {
  it('shows a ratio of 1 as $2 per 1M tokens at the default QuotaPerUnit, the other kinds relative to it', () => {
    expect(moneyFieldsOf(options, 'my-model', 500_000)).toEqual({ model: 'my-model', input: '3', output: '15', cache_read: '0.3', cache_write: '', reasoning: '', audio_input: '', audio_output: '' });
    // QuotaPerUnit 1,000,000: a ratio of 1.5 is $1.50.
    expect(moneyFieldsOf(options, 'my-model', 1_000_000).input).toBe('1.5');
    // A model the operator has not priced shows its built-in price as the server lists it, or nothing.
    expect(moneyFieldsOf(options, 'gpt-4o', 500_000).input).toBe('');
    expect(moneyFieldsOf(options, 'gpt-4o', 500_000, undefined, { input: 2.5, output: 10, cache_read: 1.25 })).toMatchObject({ input: '2.5', output: '10', cache_read: '1.25', cache_write: '' });
    expect(moneyFieldsOf(options, 'my-model', 500_000, undefined, { input: 99, output: 99 }).input).toBe('3');
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

describe('money prices in a display currency other than USD', () => {
  const CNY = { currency: 'CNY', rate: 7.2 };
  const saved = (before: Options, changes: OptionChange[]): Options => ({ ...before, ...Object.fromEntries(changes.map((change) => [change.key, change.value])) });
  const save = (before: Options, typed: Record<string, string>, display = CNY) => saved(before, moneyPriceChanges(before, ModelMoneyPriceSchema.parse(typed), 500_000, display));

  it('shows the stored ratios at the exchange rate, in the list too', () => {
    // $3 input, $15 output, $0.30 cache read at 7.2 yuan to the dollar.
    expect(moneyFieldsOf(options, 'my-model', 500_000, CNY)).toMatchObject({ input: '21.6', output: '108', cache_read: '2.16', cache_write: '' });
    expect(operatorPrices(options, 500_000, CNY)[0]).toMatchObject({ model: 'my-model', input: '21.6' });
  });

  it('stores a price typed in yuan as the ratios of its dollars, and shows it back as typed', () => {
    const after = save(options, { model: 'my-model', input: '10', output: '30', cache_read: '1' });
    // ¥10 is $1.3888…: a ratio of 0.6944…, to twelve digits; output and cache read keep their proportions exactly.
    expect(JSON.parse(after.ModelRatio ?? '')).toEqual({ 'my-model': 0.694444444444 });
    expect(JSON.parse(after.CompletionRatio ?? '')).toEqual({ 'my-model': 3 });
    expect(JSON.parse(after.CacheReadRatio ?? '')).toEqual({ 'my-model': 0.1 });
    expect(moneyFieldsOf(after, 'my-model', 500_000, CNY)).toMatchObject({ input: '10', output: '30', cache_read: '1' });
    // The same price in dollars, as a USD console shows it.
    expect(moneyFieldsOf(after, 'my-model', 500_000).input).toBe('1.388888889');
  });

  it.each([7.2, 7.1234, 0.92, 149.5, 1])('does not drift over load and save cycles at a rate of %s', (rate) => {
    const display = { currency: rate === 1 ? 'USD' : 'XXX', rate };
    const prices: Record<string, string>[] = [
      { model: 'my-model', input: '10', output: '30', cache_read: '1', cache_write: '12.5', reasoning: '31' },
      { model: 'my-model', input: '0.075', output: '0.3', cache_read: '0.01875', audio_input: '7', audio_output: '13' },
      { model: 'my-model', input: '7', output: '13', cache_read: '0.333', cache_write: '1234.5678' },
    ];
    for (const typed of prices) {
      let current = save(options, typed, display);
      const { model: _model, ...typedPrices } = typed;
      for (let cycle = 0; cycle < 5; cycle += 1) {
        const shown = moneyFieldsOf(current, 'my-model', 500_000, display);
        expect(shown).toMatchObject(typedPrices);
        // Saving what was loaded changes nothing, not even the twelfth digit of a ratio.
        expect(moneyPriceChanges(current, ModelMoneyPriceSchema.parse(shown), 500_000, display)).toEqual([]);
        current = save(current, shown, display);
      }
    }
  });

  it('keeps a ratio written in the JSON editor to more digits than the money editor shows when the row is saved unchanged', () => {
    const precise = { ...options, ModelRatio: '{"my-model":0.123456789012}', CompletionRatio: '{"my-model":1.23456789012}' };
    const shown = moneyFieldsOf(precise, 'my-model', 500_000, CNY);
    expect(shown.input).toBe('1.777777762');
    expect(moneyPriceChanges(precise, ModelMoneyPriceSchema.parse(shown), 500_000, CNY)).toEqual([]);
    // Changing only the output keeps the input's stored ratio as it was.
    const after = save(precise, { ...shown, output: '10' });
    expect(JSON.parse(after.ModelRatio ?? '')).toEqual({ 'my-model': 0.123456789012 });
    expect(moneyFieldsOf(after, 'my-model', 500_000, CNY).output).toBe('10');
  });
});
