/**
 * The channel `config` column: a JSON object with region, ak, sk, user_id, vertex_ai_project_id,
 * vertex_ai_adc, api_version, library_id, plugin. Two of its fields are credentials as secret as the key:
 * they are never sent back, and a blank one in an update keeps the stored value.
 */
const SECRET_FIELDS = ['sk', 'vertex_ai_adc'] as const;

function parse(config: string | null | undefined): Record<string, unknown> | undefined {
  if (!config) return undefined;
  try {
    const parsed: unknown = JSON.parse(config);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function withoutSecrets(config: string | null | undefined): string {
  const parsed = parse(config);
  if (!parsed) return config ?? '';
  const visible = { ...parsed };
  for (const field of SECRET_FIELDS) if (typeof visible[field] === 'string' && visible[field] !== '') visible[field] = '';
  return JSON.stringify(visible);
}

export function keepStoredSecrets(incoming: string, stored: string | null | undefined): string {
  const next = parse(incoming);
  const previous = parse(stored);
  if (!next || !previous) return incoming;
  for (const field of SECRET_FIELDS) if ((next[field] === undefined || next[field] === '') && previous[field] !== undefined) next[field] = previous[field];
  return JSON.stringify(next);
}
