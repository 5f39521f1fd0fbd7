import type { z } from 'zod';
import { ApiError } from '../../http/errors.js';
import { parseOrFail } from '../../http/validation.js';

/** parseOrFail, but every refusal is a 400 naming the field: these routes are new, no one-api script reads a 200. */
export function parseStrict<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  try {
    return parseOrFail(schema, input);
  } catch (error) {
    if (error instanceof ApiError && error.status === 200) throw new ApiError(error.code, error.params, 400);
    throw error;
  }
}
