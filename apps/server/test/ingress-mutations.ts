import fc from 'fast-check';
import { MAX_JSON_DEPTH } from '../src/relay/json-depth.js';

/**
 * What the ingress fuzzer does to a valid request: at a few places in it (any field, at any depth), a value of
 * the wrong type, null, an absurd number, an empty or long string, a wrong-typed array, JSON nested near the
 * body's depth limit or far beyond it, or a field left out or added. Made from fast-check's values, so a
 * failure shrinks to the smallest request that still fails.
 */

type Json = unknown;

const NESTED = 'nested:';
type Path = (string | number)[];

/** JSON nested `depth` levels (arrays or objects), built without recursion. */
export function nested(depth: number, kind: 'array' | 'object', leaf: Json = 1): Json {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Long text that tokenizes quickly (a run of one character takes the BPE counter seconds). */
const longText = (length: number) => 'lorem ipsum dolor sit amet, '.repeat(Math.ceil(length / 28)).slice(0, length);

export const badValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<Json>(null, true, false, 0, -1, 0.5, 1e308, -1e308, 2 ** 53, 2 ** 64, '', 'x', '12', [], {}, [null], [5], ['x'], [[]], [{}], [true], { a: null }, { type: 5 }) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constant(longText(60_000)) },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { minLength: 1, maxLength: 3 }) },
  // Near the body's depth limit (MAX_JSON_DEPTH, relay/json-depth.ts) and beyond it; made when the mutation is.
  { weight: 1, arbitrary: fc.record({ [NESTED]: fc.integer({ min: MAX_JSON_DEPTH - 30, max: MAX_JSON_DEPTH }), kind: fc.constantFrom<'array' | 'object'>('array', 'object') }) },
  { weight: 1, arbitrary: fc.record({ [NESTED]: fc.integer({ min: MAX_JSON_DEPTH + 1, max: 3000 }), kind: fc.constantFrom<'array' | 'object'>('array', 'object') }) },
);

/**
 * A deep value stands in the generated values as `{"nested:": depth, kind}` and is built when the body is:
 * fast-check prints a failing case recursively, which a value a few thousand levels deep would overflow.
 */
function made(value: Json): Json {
  const deep = value as { [NESTED]?: unknown; kind?: 'array' | 'object' } | null;
  if (deep && typeof deep === 'object' && typeof deep[NESTED] === 'number') return nested(deep[NESTED], deep.kind ?? 'array');
  // A copy: fast-check shares its constants between runs, and a later mutation may change this one.
  return structuredClone(value);
}

export type Mutation = { pick: number; how: 'replace'; value: Json } | { pick: number; how: 'remove' } | { pick: number; how: 'add'; key: string; value: Json };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ pick: fc.nat(), how: fc.constant('replace' as const), value: badValue }) },
  { weight: 1, arbitrary: fc.record({ pick: fc.nat(), how: fc.constant('remove' as const) }) },
  { weight: 1, arbitrary: fc.record({ pick: fc.nat(), how: fc.constant('add' as const), key: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('type', 'text', 'parts', '__proto__', 'constructor')), value: badValue }) },
);

/** Deeper than the requests go: a deep value already put in is not walked, nor nested into again. */
const MAX_PATH = 16;

/** Every field and element of a value, as paths (the root excluded), breadth first. */
function paths(root: Json): Path[] {
  const found: Path[] = [];
  const queue: [Json, Path][] = [[root, []]];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [value, path] = next;
    if (value === null || typeof value !== 'object' || path.length >= MAX_PATH) continue;
    for (const [key, child] of Object.entries(value)) {
      const at = [...path, Array.isArray(value) ? Number(key) : key];
      found.push(at);
      queue.push([child, at]);
    }
  }
  return found;
}

/** A copy of `body` with the mutations made in turn (each picks among the fields there are by then). */
export function mutated(body: Json, mutations: readonly Mutation[]): Json {
  const copy = JSON.parse(JSON.stringify(body)) as Json;
  for (const change of mutations) {
    const all = paths(copy);
    if (change.how === 'add') {
      const objects = [[] as Path, ...all].filter((path) => isObject(at(copy, path)));
      const target = at(copy, objects[change.pick % objects.length] ?? []) as Record<string, Json>;
      Object.defineProperty(target, change.key, { value: made(change.value), enumerable: true, writable: true, configurable: true });
      continue;
    }
    const path = all[change.pick % Math.max(all.length, 1)];
    if (!path) continue;
    const parent = at(copy, path.slice(0, -1)) as Record<string | number, Json>;
    const key = path.at(-1) as string | number;
    if (change.how === 'remove') {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    } else parent[key] = made(change.value);
  }
  return copy;
}

const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

function at(root: Json, path: Path): Json {
  let value = root;
  for (const key of path) value = (value as Record<string | number, Json>)[key];
  return value;
}

/** The greatest nesting of arrays and objects in a value (a scalar is 0), without recursion. */
export function depthOf(root: Json): number {
  let deepest = 0;
  const stack: [Json, number][] = [[root, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [value, depth] = next;
    if (value === null || typeof value !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return deepest;
}
