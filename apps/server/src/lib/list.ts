/** A comma-joined list as one-api stores models and groups: trimmed, without blanks or repeats. */
export function splitList(value: string | null | undefined): string[] {
  return [...new Set((value ?? '').split(',').map((item) => item.trim()).filter(Boolean))];
}
