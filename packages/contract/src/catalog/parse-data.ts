import type { z } from 'zod';

/** `priceLists[2].modelRatio["gpt-4.1"]`: a path a reader can find in the JSON file. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => {
      if (typeof key === 'number') return `[${key}]`;
      const name = String(key);
      if (/^[A-Za-z_$][\w$]*$/.test(name)) return index === 0 ? name : `.${name}`;
      return `[${JSON.stringify(name)}]`;
    })
    .join('');
}

/**
 * Validates one of the catalog's data files once, when its module loads. A bad entry throws with the file
 * and every offending field named, so the build and the tests stop on it instead of shipping a wrong price.
 */
export function parseCatalogData<Schema extends z.ZodType>(file: string, schema: Schema, data: unknown): z.output<Schema> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    // A bad record key is reported as "Invalid key in record"; what was wrong with it is in its own issues.
    const message = issue.code === 'invalid_key' ? issue.issues.map((inner) => inner.message).join(', ') : issue.message;
    return `${fieldPath(issue.path) || '(root)'}: ${message}`;
  });
  throw new Error(`catalog data ${file} is invalid: ${problems.join('; ')}`);
}
