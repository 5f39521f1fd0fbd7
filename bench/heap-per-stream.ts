import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openAIChannelAndKey, startTollgate } from './tollgate-server.js';
import { waitFor } from './process-probes.js';
import { allAtOnce, sleep, start } from './stream-clients.js';

/**
 * `npx tsx bench/heap-per-stream.ts [tree]`: what the JavaScript heap holds per open stream. Tollgate (built in
 * `tree`, this checkout by default) is warmed with a few streams, its heap is written to a snapshot, then
 * `BENCH_STREAMS` (1,000) streams of 20 s are opened and a second snapshot is written 8 s in; the difference,
 * divided by the streams, is printed by kind of object (V8's constructor names, or the node type: strings,
 * arrays, native memory). Each stream holds its upstream's bytes for a while, so what a stream keeps that it
 * does not need (a decoded buffer held by a slice of it, a store grown past its bound) shows here as bytes
 * per stream, where a throughput run shows nothing.
 */
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const UPSTREAM_PORT = 28161;
const TOLLGATE_PORT = 28162;
const tree = process.argv[2] ? path.resolve(process.argv[2]) : undefined;

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Bytes and count of the heap's objects, by constructor (objects and closures) or node type. */
function bytesByKind(file: string): Map<string, { count: number; bytes: number }> {
  const heap = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field)) as [number, number, number];
  const kinds = new Map<string, { count: number; bytes: number }>();
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

/** Signals the server to write a heap snapshot and waits for the file. */
async function snapshot(pid: number, dir: string): Promise<string> {
  const before = new Set(fs.readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  for (;;) {
    await sleep(500);
    const written = fs.readdirSync(dir).find((file) => file.endsWith('.heapsnapshot') && !before.has(file));
    // V8 writes the file in one go; a size that stops changing means it is complete.
    if (written) {
      const file = path.join(dir, written);
      let size = -1;
      while (size !== fs.statSync(file).size) {
        size = fs.statSync(file).size;
        await sleep(500);
      }
      return file;
    }
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-heap-'));
  const upstream = start('node', ['--import', 'tsx', 'bench/slow-stream-upstream.ts', String(UPSTREAM_PORT), '20', '250']);
  const tollgate = startTollgate(TOLLGATE_PORT, dataDir, { nodeFlags: ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dataDir}`], ...(tree ? { tree } : {}) });
  try {
    const url = `http://127.0.0.1:${TOLLGATE_PORT}`;
    await waitFor(`${url}/api/status`);
    await waitFor(`http://127.0.0.1:${UPSTREAM_PORT}/`);
    const key = await openAIChannelAndKey(url, `http://127.0.0.1:${UPSTREAM_PORT}`, 'heap');
    await allAtOnce(`${url}/v1/chat/completions`, key, 200);
    const idle = await snapshot(tollgate.pid ?? 0, dataDir);
    const running = allAtOnce(`${url}/v1/chat/completions`, key, STREAMS);
    await sleep(8000);
    const busy = await snapshot(tollgate.pid ?? 0, dataDir);
    await running;
    const [before, after] = [bytesByKind(idle), bytesByKind(busy)];
    const rows = [...after].map(([kind, { count, bytes }]) => ({ kind, count: (count - (before.get(kind)?.count ?? 0)) / STREAMS, bytes: (bytes - (before.get(kind)?.bytes ?? 0)) / STREAMS }));
    rows.sort((a, b) => b.bytes - a.bytes);
    console.log(`${STREAMS} streams 8 s in: ${rows.reduce((sum, row) => sum + row.bytes, 0).toFixed(0)} bytes of heap per stream`);
    for (const row of rows.slice(0, 25)) console.log(`${row.bytes.toFixed(0).padStart(7)} B  ${row.count.toFixed(2).padStart(6)} per stream  ${row.kind.slice(0, 70)}`);
  } finally {
    tollgate.kill('SIGTERM');
    upstream.kill('SIGTERM');
    await sleep(1000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
