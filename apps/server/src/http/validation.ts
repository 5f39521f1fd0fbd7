import { isMessageCode, message, RATE_LIMIT_FIELDS, type MessageRef } from '@tollgate/contract';
import type { z } from 'zod';
import { ApiError } from './errors.js';

const TYPE_NAMES: Record<string, MessageRef> = {
  string: message('validation.type.string'),
  number: message('validation.type.number'),
  int: message('validation.type.int'),
  boolean: message('validation.type.boolean'),
  object: message('validation.type.object'),
  array: message('validation.type.array'),
};

/** Why zod refused a value, for the languages zod does not speak; its own English text is kept as it was. */
export function reasonOf(issue: z.core.$ZodIssue): MessageRef {
  switch (issue.code) {
    case 'invalid_type':
      return message('validation.reason.type', { expected: TYPE_NAMES[issue.expected] ?? issue.expected });
    case 'too_small':
      return message(issue.origin === 'string' ? 'validation.reason.too_short' : 'validation.reason.too_small', { minimum: String(issue.minimum) });
    case 'too_big':
      return message(issue.origin === 'string' ? 'validation.reason.too_long' : 'validation.reason.too_big', { maximum: String(issue.maximum) });
    case 'invalid_value':
      return message('validation.reason.one_of', { values: issue.values.map((value) => JSON.stringify(value)).join(', ') });
    case 'invalid_format':
      return message('validation.reason.format');
    default:
      return message('validation.reason.invalid');
  }
}

/**
 * The first problem of a failed parse as an ApiError. The contract's schemas name their messages by catalog
 * code; zod's own messages become `validation.invalid_field`, which names the field in every language.
 */
export function validationError(issue: z.core.$ZodIssue | undefined): ApiError {
  if (!issue) return new ApiError('validation.invalid_parameters');
  const field = issue.path.map(String).join('.');
  // A rate limit that is not a non-negative integer is bad input, answered 400 (issue 14), not a business failure.
  const status = (RATE_LIMIT_FIELDS as readonly PropertyKey[]).includes(issue.path[0] ?? '') ? 400 : 200;
  if (isMessageCode(issue.message)) return new ApiError(issue.message, { field }, status);
  return new ApiError('validation.invalid_field', { detail: issue.message, field: field || message('validation.the_request'), reason: reasonOf(issue) }, status);
}

/** The parsed input, or the first problem of a failed parse as an ApiError the console shows. */
export function parseOrFail<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationError(result.error.issues[0]);
  return result.data;
}
