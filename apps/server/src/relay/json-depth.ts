/**
 * How deeply a request body may nest. The conversions between protocols walk tool schemas, tool inputs and
 * results recursively; a body nested a few thousand levels deep overflowed the call stack there (a 500 for a
 * client's mistake). Real requests nest a few dozen levels at most: JSON Schema in tool definitions, OpenAI's
 * structured outputs (which allow 10), tool results holding JSON documents.
 */
export const MAX_JSON_DEPTH = 256;

/** The refusal of a body nested too deeply, in every protocol. */
export const TOO_DEEP = `the request body is nested more than ${MAX_JSON_DEPTH} levels deep`;

/**
 * Whether a parsed body nests deeper than `max` levels (the body itself is level 1). Iterative, so that the
 * check cannot overflow the stack it protects, and proportional to the number of values, not of bytes: a
 * long base64 image is one string. Bodies too short to nest that deep are not walked at all.
 */
export function nestsDeeperThan(value: unknown, max: number, byteLength: number): boolean {
  // Each level takes at least one opening bracket and one closing one.
  if (byteLength < 2 * max || value === null || typeof value !== 'object') return false;
  const values: unknown[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const current = values.pop() as object;
    const depth = depths.pop() as number;
    if (depth > max) return true;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (let i = 0; i < children.length; i += 1) {
      const child: unknown = children[i];
      if (child !== null && typeof child === 'object') {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
