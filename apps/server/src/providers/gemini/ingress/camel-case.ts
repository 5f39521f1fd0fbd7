/**
 * Google's proto-JSON parser takes field names in lowerCamelCase and in snake_case alike (reference
 * providers.md 3.1), so a client may send either (one-api sends a mix). The ingress reads a camelCase copy.
 * The values of free-form fields keep their keys as the client wrote them: a call's `args`, a function's
 * `response`, JSON schemas (property names), and metadata.
 */
const FREE_FORM = new Set(['args', 'response', 'parameters', 'parametersJsonSchema', 'responseSchema', 'responseJsonSchema', 'labels', 'partMetadata']);

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

export function camelCased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCased);
  if (!value || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const name = camel(key);
    result[name] = FREE_FORM.has(name) ? inner : camelCased(inner);
  }
  return result;
}
