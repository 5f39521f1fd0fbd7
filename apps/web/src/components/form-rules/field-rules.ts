import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** Characters as the server counts them (code points), so 30 CJK characters or emoji fit a limit of 30. */
export const characterCount = (text: string): number => [...text].length;

/**
 * A text field: refused when empty (if required), shorter than `min` (when filled) or longer than `max`, with
 * a message naming the field by its label. The limits come from the contract, so the console and the server
 * agree on them. A value left as `stored` skips the length checks, as the server does: a stored value may be
 * longer than a chosen one can be (a username made by GitHub sign-in).
 */
export function textRules(
  t: TFunction,
  field: string,
  { required = false, min = 0, max, stored }: { required?: boolean; min?: number; max: number; stored?: string },
): Rule[] {
  return [
    { required, whitespace: true, message: t('formRules.required', { field }) },
    {
      validator: (_, value: unknown) => {
        if (stored !== undefined && value === stored) return Promise.resolve();
        const length = typeof value === 'string' ? characterCount(value.trim()) : 0;
        if (length > max) return Promise.reject(new Error(t('formRules.tooLong', { field, max })));
        if (length > 0 && length < min) return Promise.reject(new Error(t('formRules.tooShort', { field, min })));
        return Promise.resolve();
      },
    },
  ];
}

/** The console's reason for a number the contract's schema refused; the bounds are the schema's own. */
export function numberProblem(t: TFunction, field: string, issue: z.core.$ZodIssue | undefined): string {
  if (issue?.code === 'too_small') return t(issue.inclusive === false ? 'formRules.above' : 'formRules.atLeast', { field, min: String(issue.minimum) });
  if (issue?.code === 'too_big') return t('formRules.atMost', { field, max: String(issue.maximum) });
  if (issue?.code === 'invalid_type' && issue.expected === 'int') return t('formRules.wholeNumber', { field });
  return t('formRules.notNumber', { field });
}

/**
 * A number field checked against the contract's schema of that field (never clamped into range: issue 35).
 * An empty field passes unless `required`; what an empty field means is the form's to say.
 */
export function numberRules(t: TFunction, field: string, schema: z.ZodType, { required = false }: { required?: boolean } = {}): Rule[] {
  return [
    { required, message: t('formRules.required', { field }) },
    {
      validator: (_, value: unknown) => {
        if (value === null || value === undefined || value === '') return Promise.resolve();
        const result = schema.safeParse(typeof value === 'string' ? Number(value) : value);
        return result.success ? Promise.resolve() : Promise.reject(new Error(numberProblem(t, field, result.error.issues[0])));
      },
    },
  ];
}
