import fs from 'node:fs';
import path from 'node:path';
import { sleep } from './stream-clients.js';

/**
 * Heap snapshots of a server started with `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=<dir>`, and what
 * the heap grew by between two of them, by kind of object: how `npm run bench:streams` with BENCH_HEAP=1
 * tells what an open stream holds. A stream that keeps what it does not need (a decoded buffer held by a
 * slice of it, a store grown past its bound) shows here as bytes per stream, where a throughput run shows
 * nothing.
 */
interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

type Kinds = Map<string, { count: number; bytes: number }>;

/** Bytes and count of the heap's objects, by constructor (objects and closures) or node type. */
function bytesByKind(file: string): Kinds {
  const heap = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field)) as [number, number, number];
  const kinds: Kinds = new Map();
  for (let node = 0; node < heap.nodes.length; node += fields.length) {
    const type = types[heap.nodes[node + typeAt]!]!;
    const name = heap.strings[heap.nodes[node + nameAt]!]!;
    const kind = type === 'object' ? name : type === 'closure' ? `closure ${name}` : `(${type})`;
    const entry = kinds.get(kind) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += heap.nodes[node + sizeAt]!;
    kinds.set(kind, entry);
  }
  return kinds;
}

/** Signals the server to write a heap snapshot into `dir` and resolves with the file once it is complete. */
export async function heapSnapshot(pid: number, dir: string): Promise<string> {
  const before = new Set(fs.readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  for (;;) {
    await sleep(500);
    const written = fs.readdirSync(dir).find((file) => file.endsWith('.heapsnapshot') && !before.has(file));
    if (!written) continue;
    // V8 writes the file in one go; a size that stops changing means it is complete.
    const file = path.join(dir, written);
    let size = -1;
    while (size !== fs.statSync(file).size) {
      size = fs.statSync(file).size;
      await sleep(500);
    }
    return file;
  }
}

/** The heap `busy` holds beyond `idle`, per stream: the total, then the 20 largest kinds. */
export function heapPerStream(idle: string, busy: string, streams: number): string {
  const [before, after] = [bytesByKind(idle), bytesByKind(busy)];
  const rows = [...after].map(([kind, { count, bytes }]) => ({ kind, count: (count - (before.get(kind)?.count ?? 0)) / streams, bytes: (bytes - (before.get(kind)?.bytes ?? 0)) / streams }));
  rows.sort((a, b) => b.bytes - a.bytes);
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  const top = rows.slice(0, 20).map((row) => `    ${row.bytes.toFixed(0).padStart(7)} B  ${row.count.toFixed(2).padStart(6)} per stream  ${row.kind.slice(0, 70)}`);
  return [`  heap per open stream: ${total.toFixed(0)} bytes`, ...top].join('\n');
}
