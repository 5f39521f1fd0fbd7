import { z } from 'zod';

/** A money field of the console's price editor: typed text or a number; '' is "not priced apart". */
const optionalMoney = (field: string) =>
  z
    .union([z.string(), z.number()], { error: `${field} must be a number of 0 or more` })
    .optional()
    .transform((value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? undefined : Number(value)))
    .refine((value) => value === undefined || (Number.isFinite(value) && value >= 0), `${field} must be a number of 0 or more`);

const requiredMoney = (field: string) =>
  optionalMoney(field).pipe(z.number({ error: `${field} is required` }));

/**
 * One model's prices as the console edits them, in US dollars per million tokens. Input and output are
 * required; cache read, cache write, reasoning and audio left blank fall back to the built-in proportions.
 */
export const ModelMoneyPriceSchema = z
  .object({
    model: z.string({ error: 'model is required' }).trim().min(1, 'model is required'),
    input: requiredMoney('input'),
    output: requiredMoney('output'),
    cache_read: optionalMoney('cache_read'),
    cache_write: optionalMoney('cache_write'),
    reasoning: optionalMoney('reasoning'),
    audio_input: optionalMoney('audio_input'),
    audio_output: optionalMoney('audio_output'),
  })
  // The other kinds are stored relative to the input price, which must then be more than nothing.
  .refine((price) => price.input !== 0 || [price.output, price.cache_read, price.cache_write, price.reasoning, price.audio_input, price.audio_output].every((value) => !value), {
    message: 'input must be greater than 0 when another kind has a price',
    path: ['input'],
  });
export type ModelMoneyPrice = z.output<typeof ModelMoneyPriceSchema>;
export type ModelMoneyPriceInput = z.input<typeof ModelMoneyPriceSchema>;
