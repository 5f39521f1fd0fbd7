import { startBareProxy } from './bare-proxy.js';

// The bare proxy in a process of its own, as the benchmark runs it: `tsx bench/bare-proxy-main.ts <port> <upstream>`.
await startBareProxy(Number(process.argv[2]), String(process.argv[3]));
// Exit normally on SIGTERM, so `--cpu-prof` can write its profile (bench/profile.ts).
process.on('SIGTERM', () => process.exit(0));
