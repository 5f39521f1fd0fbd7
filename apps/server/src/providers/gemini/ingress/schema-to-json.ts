/**
 * Google's OpenAPI-subset Schema (function `parameters`, `responseSchema`) as the JSON Schema the hub's
 * tools and response_format take: upper-case type names lower-cased, `nullable` as a null type, int64
 * limits (sent as strings) as numbers, keywords in either casing. `propertyOrdering` has no JSON Schema
 * equivalent and is dropped. Docs: https://ai.google.dev/api/caching#Schema
 */
const NUMERIC = new Set(['minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties', 'maxProperties', 'minimum', 'maximum']);

const camel = (key: string) => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

export function jsonSchema(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const result: Record<string, unknown> = {};
  let nullable = false;
  for (const [key, value] of Object.entries(schema)) {
    const name = camel(key);
    if (name === 'type') {
      if (typeof value === 'string' && value !== 'TYPE_UNSPECIFIED') result.type = value.toLowerCase();
    } else if (name === 'nullable') nullable = value === true;
    else if (name === 'properties' && value && typeof value === 'object') {
      result.properties = Object.fromEntries(Object.entries(value).map(([property, inner]) => [property, jsonSchema(inner)]));
    } else if (name === 'items') result.items = jsonSchema(value);
    else if (name === 'anyOf' && Array.isArray(value)) result.anyOf = value.map(jsonSchema);
    else if (NUMERIC.has(name)) result[name] = Number(value);
    else if (name === 'example') result.examples = [value];
    else if (name !== 'propertyOrdering') result[name] = value;
  }
  if (nullable && typeof result.type === 'string') result.type = [result.type, 'null'];
  return result;
}
