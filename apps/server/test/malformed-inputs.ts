/**
 * The kinds of malformed input a fuzz run sends to every route that takes input: bodies that are not JSON
 * or not an object, fields of the wrong type, odd content types, broken query strings and path parameters.
 * The malformed-input test sends each to each route; a case is a name (printed when it fails) and a request.
 */

export interface BodyCase {
  name: string;
  payload?: string | Buffer;
  contentType?: string;
}

/**
 * Long text that tokenizes quickly: a long run of one character (or of emoji) takes the BPE counter seconds,
 * which the count_tokens routes would spend here; that is a cost to bound apart, not a malformed input.
 */
const longText = (length: number) => 'lorem ipsum dolor sit amet, '.repeat(Math.ceil(length / 28)).slice(0, length);

/** Values of the wrong type, or of the right type but absurd, for any field. */
export const BAD_VALUES: [string, unknown][] = [
  ['number as string', '12'],
  ['empty string', ''],
  ['object', { a: 1 }],
  ['empty object', {}],
  ['array', [1, 'two', null]],
  ['empty array', []],
  ['array of objects', [{ a: [] }]],
  ['null', null],
  ['boolean', true],
  ['huge number', 1e308],
  ['beyond 32 bits', 2 ** 33],
  ['beyond safe integers', 2 ** 64],
  ['negative huge number', -1e308],
  ['negative id', -1],
  ['zero', 0],
  ['fraction', 0.5],
  ['NaN-like string', 'NaN'],
  ['Infinity-like string', 'Infinity'],
  ['exponent string', '1e999'],
  ['hex string', '0x1f'],
  ['very long string', longText(100_000)],
  ['unicode', 'ünï 😀 ☃ \u202e RTL \u0301 中文'],
  ['lone surrogate', 'a\ud800b'],
  ['NUL bytes', 'a\u0000b\u0000'],
  ['SQL-looking', "1' OR '1'='1"],
  ['path-looking', '../../etc/passwd'],
];

/** Bodies that are not a JSON object at all, or not what their content type says. */
export const RAW_BODIES: BodyCase[] = [
  { name: 'invalid JSON (truncated)', payload: '{"model": "gpt', contentType: 'application/json' },
  { name: 'invalid JSON (single quotes)', payload: "{'a': 1}", contentType: 'application/json' },
  { name: 'invalid JSON (trailing garbage)', payload: '{"a":1}}', contentType: 'application/json' },
  { name: 'invalid JSON (bare word)', payload: 'nul', contentType: 'application/json' },
  { name: 'invalid JSON (NUL byte)', payload: '\u0000', contentType: 'application/json' },
  { name: 'invalid UTF-8', payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), contentType: 'application/json' },
  { name: 'JSON with BOM', payload: '\ufeff{"a":1}', contentType: 'application/json' },
  { name: 'JSON array', payload: '[]', contentType: 'application/json' },
  { name: 'JSON array of numbers', payload: '[1,2,3]', contentType: 'application/json' },
  { name: 'JSON string', payload: '"text"', contentType: 'application/json' },
  { name: 'JSON number', payload: '123', contentType: 'application/json' },
  { name: 'JSON overflowing number', payload: '1e999', contentType: 'application/json' },
  { name: 'JSON null', payload: 'null', contentType: 'application/json' },
  { name: 'JSON true', payload: 'true', contentType: 'application/json' },
  { name: 'deeply nested JSON', payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
  { name: 'deeply nested object', payload: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`, contentType: 'application/json' },
  { name: 'prototype poisoning', payload: '{"__proto__":{"admin":true},"a":1}', contentType: 'application/json' },
  { name: 'constructor poisoning', payload: '{"constructor":{"prototype":{"admin":true}}}', contentType: 'application/json' },
  { name: 'duplicate keys', payload: '{"model":"a","model":{"b":1}}', contentType: 'application/json' },
  { name: 'empty body, JSON content type', payload: '', contentType: 'application/json' },
  { name: 'blank body, JSON content type', payload: '   \n', contentType: 'application/json' },
  { name: 'empty body, no content type', payload: '' },
  { name: 'JSON without content type', payload: '{"a":1}' },
  { name: 'JSON as text/plain', payload: '{"a":1}', contentType: 'text/plain' },
  { name: 'form-encoded', payload: 'a=1&b=%ZZ', contentType: 'application/x-www-form-urlencoded' },
  { name: 'multipart without boundary', payload: 'garbage', contentType: 'multipart/form-data' },
  { name: 'multipart, broken', payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', contentType: 'multipart/form-data; boundary=x' },
  { name: 'XML', payload: '<a>1</a>', contentType: 'application/xml' },
  { name: 'JSON, odd charset', payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
  { name: 'JSON, malformed content type', payload: '{"a":1}', contentType: 'application/json;;;=' },
  { name: 'binary', payload: Buffer.from([0, 1, 2, 255, 254, 253]), contentType: 'application/octet-stream' },
];

/** Query strings that are broken, repeated, or carry wrong-typed values under the names routes read. */
const QUERY_NAMES = ['p', 'page', 'size', 'keyword', 'id', 'type', 'status', 'start_timestamp', 'end_timestamp', 'target_timestamp', 'token_name', 'model_name', 'username', 'channel', 'group', 'code', 'state', 'email', 'token', 'key', 'alt', 'beta', 'order', 'status_only'];
export const QUERIES: [string, string][] = [
  ['malformed percent-encoding', '?%ZZ=%E0%A4%A&p=%'],
  ['separators only', '?&&&==&='],
  ['NUL and unicode', `?${QUERY_NAMES.map((name) => `${name}=%00%F0%9F%98%80`).join('&')}`],
  ['negative numbers', `?${QUERY_NAMES.map((name) => `${name}=-1`).join('&')}`],
  ['huge numbers', `?${QUERY_NAMES.map((name) => `${name}=99999999999999999999999`).join('&')}`],
  ['NaN-like', `?${QUERY_NAMES.map((name) => `${name}=NaN`).join('&')}`],
  ['exponents', `?${QUERY_NAMES.map((name) => `${name}=1e999`).join('&')}`],
  ['repeated keys', `?${QUERY_NAMES.map((name) => `${name}=1&${name}=2`).join('&')}`],
  ['bracket keys', `?${QUERY_NAMES.map((name) => `${name}[]=1&${name}[a]=2`).join('&')}`],
  ['empty values', `?${QUERY_NAMES.map((name) => `${name}=`).join('&')}`],
  ['very long value', `?keyword=${'x'.repeat(20_000)}&p=${'9'.repeat(5000)}`],
];

/** Values for path parameters (already URL-encoded where they need it). */
export const PATH_VALUES: [string, string][] = [
  ['zero', '0'],
  ['negative', '-1'],
  ['huge', '99999999999999999999999'],
  ['fraction', '1.5'],
  ['word', 'abc'],
  ['NaN', 'NaN'],
  ['NUL', '%00'],
  ['malformed percent-encoding', '%ZZ%E0%A4'],
  ['unicode', '%F0%9F%98%80%E2%98%83'],
  ['long', 'x'.repeat(5000)],
  ['traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['colon', 'a:b:c'],
];

/** Every leaf and branch of a JSON value, as a path of keys (objects and arrays, two levels deep at most). */
function fieldPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (prefix.length >= 3 || value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    return [path, ...fieldPaths(child, path)];
  });
}

function withValueAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = value;
  return copy;
}

/**
 * Wrong-typed fields of a valid body: each field (and nested field) in turn given each bad value, the rest
 * kept valid so the request gets past the first check; and every field given the same bad value at once.
 */
export function fieldCases(base: Record<string, unknown>): BodyCase[] {
  const json = (payload: unknown) => ({ payload: JSON.stringify(payload), contentType: 'application/json' });
  const cases: BodyCase[] = [];
  for (const path of fieldPaths(base)) {
    for (const [name, value] of BAD_VALUES) cases.push({ name: `${path.join('.')} = ${name}`, ...json(withValueAt(base, path, value)) });
    cases.push({ name: `${path.join('.')} left out`, ...json(withValueAt(base, path, undefined)) });
  }
  for (const [name, value] of BAD_VALUES) cases.push({ name: `every field = ${name}`, ...json(Object.fromEntries(Object.keys(base).map((key) => [key, value]))) });
  return cases;
}
