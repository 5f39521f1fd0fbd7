import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chatLoadOf, sendChats, startChatUpstream } from './chat-load.js';
import { openAIChannelAndKey, ROOT, startTollgate } from './tollgate-server.js';
import { waitFor } from './process-probes.js';

/**
 * `npx tsx bench/syscalls.ts [stream|slow]`: the system calls each server makes per request (strace -c over a
 * fixed number of requests at 50 connections, or of `slow` streams all started together), bare proxy beside
 * Tollgate: a socket write costs about as much as the JavaScript around it, so their count per request is
 * worth watching.
 */
const load = chatLoadOf(process.argv.slice(2));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? (load === 'slow' ? 1000 : 5000));
const send = async (url: string, key: string, amount: number) => {
  const failed = await sendChats(load, url, key, amount);
  if (failed > 0) console.log(`${failed} requests failed`);
};

async function traced(pid: number, url: string, key: string): Promise<string> {
  await send(url, key, Math.min(2000, REQUESTS));
  const strace = spawn('strace', ['-c', '-f', '-p', String(pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let report = '';
  strace.stderr.on('data', (data: Buffer) => (report += data.toString()));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await send(url, key, REQUESTS);
  strace.kill('SIGINT');
  await new Promise((resolve) => strace.once('exit', resolve));
  return report
    .split('\n')
    .filter((line) => /^\s*[\d.]+\s+[\d.]+\s+\d+\s+\d+/.test(line))
    .map((line) => line.trim().split(/\s+/))
    .map((f) => `${(Number(f[3]) / REQUESTS).toFixed(2).padStart(6)} ${f[f.length - 1]}`)
    .filter((line) => Number(line.trim().split(' ')[0]) >= 0.05)
    .join('\n');
}

async function main() {
  const stopUpstream = await startChatUpstream(load, 28131);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-sys-'));
  const bare = spawn('node', ['--import', 'tsx', 'bench/bare-proxy-main.ts', '28132', 'http://127.0.0.1:28131'], { cwd: ROOT, stdio: 'ignore' });
  const tollgate = startTollgate(28133, dataDir);
  try {
    await waitFor('http://127.0.0.1:28132/');
    await waitFor('http://127.0.0.1:28133/api/status');
    const key = await openAIChannelAndKey('http://127.0.0.1:28133', 'http://127.0.0.1:28131');
    console.log(`bare proxy, calls per request:\n${await traced(bare.pid ?? 0, 'http://127.0.0.1:28132', key)}`);
    console.log(`Tollgate, calls per request:\n${await traced(tollgate.pid ?? 0, 'http://127.0.0.1:28133', key)}`);
  } finally {
    bare.kill();
    tollgate.kill('SIGTERM');
    stopUpstream();
    await new Promise((resolve) => setTimeout(resolve, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
