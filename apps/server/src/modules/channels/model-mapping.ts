/** A channel's model_mapping: JSON object from requested model to upstream model. Blank means none. */
export function parseModelMapping(raw: string | null | undefined): Record<string, string> {
  if (!raw?.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
  } catch {
    return {};
  }
}

export function isValidModelMapping(raw: string): boolean {
  if (!raw.trim()) return true;
  try {
    const parsed: unknown = JSON.parse(raw);
    return !!parsed && typeof parsed === 'object' && !Array.isArray(parsed) && Object.values(parsed).every((v) => typeof v === 'string');
  } catch {
    return false;
  }
}
