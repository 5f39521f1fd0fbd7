import { startBareProxy } from './bare-proxy.js';

// The bare proxy in a process of its own, as the benchmark runs it: `tsx bench/bare-proxy-main.ts <port> <upstream>`.
await startBareProxy(Number(process.argv[2]), String(process.argv[3]));
// Exit normally on SIGTERM, so `--cpu-prof` (BENCH_BARE_NODE_FLAGS) can write its profile.
process.on('SIGTERM', () => process.exit(0));
