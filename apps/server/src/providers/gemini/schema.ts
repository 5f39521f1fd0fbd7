/**
 * A JSON Schema (OpenAI tool parameters, response_format schemas) as Gemini's OpenAPI-subset Schema.
 * Docs: https://ai.google.dev/api/caching#Schema
 * Older models reject keywords outside the subset, so those are dropped (as Portkey does); type names are
 * upper-cased as the Type enum spells them, and a ["x", "null"] union becomes a nullable x.
 */
const UNSUPPORTED = new Set(['$schema', '$id', 'additionalProperties', 'default', 'examples', 'strict', 'title', 'const', 'oneOf', 'allOf', 'not']);

export function geminiSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(geminiSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (UNSUPPORTED.has(key)) continue;
    if (key === 'type') Object.assign(result, schemaType(value));
    else if (key === 'properties' && value && typeof value === 'object') {
      result.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, geminiSchema(property)]));
    } else result[key] = key === 'enum' || key === 'required' ? value : geminiSchema(value);
  }
  return result;
}

function schemaType(type: unknown): Record<string, unknown> {
  if (typeof type === 'string') return { type: type.toUpperCase() };
  if (!Array.isArray(type)) return {};
  const types = type.filter((t): t is string => typeof t === 'string');
  const concrete = types.filter((t) => t !== 'null');
  return { ...(concrete[0] ? { type: concrete[0].toUpperCase() } : {}), ...(types.includes('null') ? { nullable: true } : {}) };
}
