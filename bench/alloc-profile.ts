import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chatLoadOf, sendChats, startChatUpstream } from './chat-load.js';
import { TOLLGATE_NODE_FLAGS } from './node-flags.js';
import { openAIChannelAndKey } from './tollgate-server.js';
import { waitFor } from './process-probes.js';

/**
 * `npx tsx bench/alloc-profile.ts [stream|slow] [survivors] [tree]`: where Tollgate's garbage comes from. Samples
 * every allocation over a fixed number of requests (young garbage included, through V8's sampling heap
 * profiler) and prints the bytes allocated per request by the function that allocated them and by the
 * nearest Tollgate function on the stack, so a change can aim at the allocations that cost the collector
 * most. With `survivors`, only what outlived the young collections: the objects that were promoted.
 * `slow`: 2,000 long streams started together (bench/chat-load.ts).
 */
interface AllocationNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocationNode[];
}

const load = chatLoadOf(process.argv.slice(2));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? (load === 'slow' ? 2000 : 10000));
const UPSTREAM_PORT = 28141;
const TOLLGATE_PORT = 28143;
const survivors = process.argv.includes('survivors');
const tree = path.resolve(process.argv.slice(2).find((arg) => !['json', 'stream', 'slow', 'survivors'].includes(arg)) ?? path.join(import.meta.dirname, '..'));

const frameName = ({ functionName, url, lineNumber }: AllocationNode['callFrame']) =>
  `${functionName || '(anonymous)'} ${url.replace(/^file:\/\//, '').replace(/.*\/(apps|node_modules)\//, '$1/')}:${lineNumber + 1}`;

function report(root: AllocationNode, requests: number) {
  const bySelf = new Map<string, number>();
  const byTollgate = new Map<string, number>();
  const byPair = new Map<string, number>();
  const walk = (node: AllocationNode, nearestOwn: string) => {
    const name = frameName(node.callFrame);
    const own = node.callFrame.url.includes('/apps/server/') ? name : nearestOwn;
    bySelf.set(name, (bySelf.get(name) ?? 0) + node.selfSize);
    byTollgate.set(own, (byTollgate.get(own) ?? 0) + node.selfSize);
    const pair = `${own.split(' ')[0]} > ${name}`;
    byPair.set(pair, (byPair.get(pair) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, own);
  };
  walk(root, '(outside Tollgate code)');
  const total = [...bySelf.values()].reduce((sum, size) => sum + size, 0);
  const top = (map: Map<string, number>) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([name, size]) => `${(size / requests).toFixed(0).padStart(7)} B  ${name}`).join('\n');
  console.log(`${(total / requests / 1024).toFixed(1)} KB allocated per request (sampled)\n\nby allocating function:\n${top(bySelf)}\n\nby nearest Tollgate function:\n${top(byTollgate)}\n\nby both:\n${top(byPair)}`);
}

async function main() {
  const stopUpstream = await startChatUpstream(load, UPSTREAM_PORT);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-alloc-'));
  const profileFile = path.join(dataDir, 'allocations.json');
  const server = spawn(process.execPath, [...TOLLGATE_NODE_FLAGS, '--import', path.join(import.meta.dirname, 'alloc-sampler.mjs'), 'apps/server/dist/main.js'], {
    cwd: tree,
    env: { ...process.env, ALLOC_PROFILE: profileFile, ...(survivors ? { ALLOC_SURVIVORS: '1' } : {}), PORT: String(TOLLGATE_PORT), SQLITE_PATH: path.join(dataDir, 'one-api.db'), SESSION_SECRET: 'bench', GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0', LOG_LEVEL: 'warn', SQL_DSN: '', REDIS_CONN_STRING: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`http://127.0.0.1:${TOLLGATE_PORT}/api/status`);
    const url = `http://127.0.0.1:${TOLLGATE_PORT}`;
    const key = await openAIChannelAndKey(url, `http://127.0.0.1:${UPSTREAM_PORT}`);
    const warmUp = load === 'slow' ? 500 : 2000;
    await sendChats(load, url, key, warmUp); // counted too: startup's allocations are spread over REQUESTS + warmUp
    const failed = await sendChats(load, url, key, REQUESTS);
    if (failed > 0) throw new Error(`${failed} failed requests`);
    server.kill('SIGUSR2');
    for (let i = 0; i < 100 && !fs.existsSync(profileFile); i += 1) await new Promise((resolve) => setTimeout(resolve, 200));
    const profile = JSON.parse(fs.readFileSync(profileFile, 'utf8')) as { head: AllocationNode };
    report(profile.head, REQUESTS + warmUp);
  } finally {
    server.kill('SIGTERM');
    stopUpstream();
    await new Promise((resolve) => setTimeout(resolve, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
