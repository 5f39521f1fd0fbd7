import { z } from 'zod';
import type { MessageCode } from './messages/catalog.js';

/**
 * The editor's refusals are catalog codes (messages/price-messages.ts) whose `{field}` is the path, so
 * the console shows them in its language.
 */
const NOT_A_NUMBER = 'price.money_not_number' satisfies MessageCode;
const REQUIRED = 'price.money_required' satisfies MessageCode;

/** A money field of the console's price editor: typed text or a number; '' is "not priced apart". */
const optionalMoney = () =>
  z
    .union([z.string(), z.number()], { error: NOT_A_NUMBER })
    .optional()
    .transform((value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? undefined : Number(value)))
    .refine((value) => value === undefined || (Number.isFinite(value) && value >= 0), NOT_A_NUMBER);

const requiredMoney = () => optionalMoney().pipe(z.number({ error: REQUIRED }));

/**
 * One model's prices as the console edits them, in US dollars per million tokens. Input and output are
 * required; cache read, cache write, reasoning and audio left blank fall back to the built-in proportions.
 */
export const ModelMoneyPriceSchema = z
  .object({
    model: z.string({ error: REQUIRED }).trim().min(1, REQUIRED),
    input: requiredMoney(),
    output: requiredMoney(),
    cache_read: optionalMoney(),
    cache_write: optionalMoney(),
    reasoning: optionalMoney(),
    audio_input: optionalMoney(),
    audio_output: optionalMoney(),
  })
  // The other kinds are stored relative to the input price, which must then be more than nothing.
  .refine((price) => price.input !== 0 || [price.output, price.cache_read, price.cache_write, price.reasoning, price.audio_input, price.audio_output].every((value) => !value), {
    message: 'price.money_input_zero' satisfies MessageCode,
    path: ['input'],
  });
export type ModelMoneyPrice = z.output<typeof ModelMoneyPriceSchema>;
export type ModelMoneyPriceInput = z.input<typeof ModelMoneyPriceSchema>;
