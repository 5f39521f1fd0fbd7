/**
 * The error a form shows on the field whose input is named `name`: the text under it when antd marks the
 * item as failed, else undefined. Forms name their inputs after their fields.
 */
export function fieldError(name: string): string | undefined {
  const item = document.querySelector(`input[name="${name}"], textarea[name="${name}"]`)?.closest('.ant-form-item');
  if (!item?.classList.contains('ant-form-item-has-error')) return undefined;
  return item.querySelector('.ant-form-item-explain-error')?.textContent ?? '';
}

/** The input of the field named `name`. */
export const fieldInput = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"], textarea[name="${name}"]`)!;
