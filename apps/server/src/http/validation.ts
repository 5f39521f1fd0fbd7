import { BUDGET_FIELDS, isMessageCode, message, RATE_LIMIT_FIELDS, type MessageRef } from '@tollgate/contract';
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

const NUMERIC_TYPES = new Set(['number', 'int', 'bigint']);

/** The value a path points at in the request's input, when the input is plain objects and arrays. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * True when the refused value is a number field's: a number out of its range or not whole, or something else
 * where a number belongs. Those are answered 400 (issue 35: scripts use the API, and a quota of -999 is a
 * client's mistake, not a business outcome); other refusals keep one-api's HTTP 200 with success=false,
 * which one-api's console shows as the message it is.
 */
function isNumberRefused(issue: z.core.$ZodIssue, input: unknown): boolean {
  if ((RATE_LIMIT_FIELDS as readonly PropertyKey[]).includes(issue.path[0] ?? '')) return true;
  if ((BUDGET_FIELDS as readonly PropertyKey[]).includes(issue.path[0] ?? '')) return true;
  if (issue.code === 'invalid_type') return NUMERIC_TYPES.has(issue.expected);
  if (issue.code === 'too_small' || issue.code === 'too_big') return NUMERIC_TYPES.has(issue.origin);
  if (issue.code === 'not_multiple_of') return true;
  // A number that may come as a string of digits (the channel form's integers): a number was one of the choices.
  if (issue.code === 'invalid_union') return issue.errors.some((choice) => choice.some((inner) => inner.code === 'invalid_type' && NUMERIC_TYPES.has(inner.expected)));
  // A refine of its own (a status that is not 1 or 2) on a number.
  return typeof valueAt(input, issue.path) === 'number';
}

/**
 * The first problem of a failed parse as an ApiError, naming the field. The contract's schemas name their
 * messages by catalog code; zod's own messages become `validation.invalid_field`, which names the field in
 * every language. `input` is what was parsed, to tell a number field's refusal (400) from the others.
 */
export function validationError(issue: z.core.$ZodIssue | undefined, input?: unknown): ApiError {
  if (!issue) return new ApiError('validation.invalid_parameters');
  const field = issue.path.map(String).join('.');
  const status = isNumberRefused(issue, input) ? 400 : 200;
  if (isMessageCode(issue.message)) return new ApiError(issue.message, { field }, status);
  return new ApiError('validation.invalid_field', { detail: issue.message, field: field || message('validation.the_request'), reason: reasonOf(issue) }, status);
}

/** The parsed input, or the first problem of a failed parse as an ApiError the console shows. */
export function parseOrFail<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationError(result.error.issues[0], input);
  return result.data;
}
