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
  private readonly referenced = new Map<z.ZodType, Map<string, string>>();

  /** `names`: the contract's exported schemas by their export name, which a body or an answer is listed under. */
  constructor(private readonly names: ReadonlyMap<z.ZodType, string> = new Map()) {}

  /**
   * A body's or an answer's schema: a `$ref` to a component named after the contract's export
   * (`CreateTokenRequest`) when it has a name, so clients generated from the document get that type; inline otherwise.
   */
  reference(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const name = this.names.get(schema);
    if (!name) return this.convert(schema, io);
    const byIo = this.referenced.get(schema) ?? new Map<string, string>();
    let key = byIo.get(io);
    if (!key) {
      // The same schema read as a request and as an answer differs (defaults): the second is suffixed.
      key = this.uniqueName(byIo.size === 0 ? name : `${name}_${io}`);
      this.components[key] = this.convert(schema, io);
      byIo.set(io, key);
      this.referenced.set(schema, byIo);
    }
    return { $ref: `#/components/schemas/${key}` };
  }

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

/** The contract's exported zod schemas by name, `Schema` dropped: `CreateTokenRequestSchema` is `CreateTokenRequest`. */
export function schemaNames(exports: Record<string, unknown>): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [name, value] of Object.entries(exports)) {
    if (value instanceof z.ZodType && name.endsWith('Schema') && !names.has(value)) names.set(value, name.slice(0, -'Schema'.length));
  }
  return names;
}
