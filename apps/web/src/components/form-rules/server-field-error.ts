import type { FormInstance } from 'antd';
import { HttpError } from '@/lib/api/errors';

/**
 * Marks the field the server named when it refused a value (HTTP 400 with `field`, issue 35), so a refusal
 * the console did not foresee still points at its input. The common handler has shown the toast already.
 * Returns whether a field of this form was marked.
 */
export function markRefusedField(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof HttpError) || !error.field || !error.serverMessage) return false;
  const name = error.field.split('.')[0] ?? '';
  if (!(name in form.getFieldsValue(true))) return false;
  form.setFields([{ name, errors: [error.serverMessage] }]);
  return true;
}
