import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * Converts the contract's zod schemas to JSON Schema 2020-12 (OpenAPI 3.1's dialect) with zod's own
 * z.toJSONSchema: `input` for what a request may send (defaults make a field optional), `output` for what
 * an answer holds. What JSON Schema cannot say (a transform, a refine) becomes `{}`, so the document says
 * less than the server checks, never more. Definitions a schema shares or nests in itself (`$defs`) move to
 * the document's components under names unique across the document.
 */
export class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};
  private readonly converted = new Map<z.ZodType, Map<string, JsonSchema>>();

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const cached = this.converted.get(schema)?.get(io);
    if (cached) return cached;
    const { $schema: _dialect, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
    const definitions = ($defs ?? {}) as Record<string, JsonSchema>;
    const renames = new Map<string, string>();
    for (const name of Object.keys(definitions)) {
      const unique = this.uniqueName(name);
      renames.set(name, unique);
      this.components[unique] = {};
    }
    const rewrite = (value: JsonSchema): JsonSchema => {
      let text = JSON.stringify(value);
      for (const [from, to] of renames) text = text.replaceAll(`"#/$defs/${from}"`, `"#/components/schemas/${to}"`);
      return JSON.parse(text) as JsonSchema;
    };
    for (const [name, definition] of Object.entries(definitions)) this.components[renames.get(name) as string] = rewrite(definition);
    const result = rewrite(rest);
    const byIo = this.converted.get(schema) ?? new Map<string, JsonSchema>();
    byIo.set(io, result);
    this.converted.set(schema, byIo);
    return result;
  }

  private uniqueName(name: string): string {
    const base = name.replace(/[^A-Za-z0-9._-]/g, '_') || 'Schema';
    let unique = base;
    for (let n = 2; unique in this.components; n++) unique = `${base}_${n}`;
    return unique;
  }
}
