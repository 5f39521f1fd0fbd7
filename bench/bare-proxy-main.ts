import { startBareProxy } from './bare-proxy.js';

// The bare proxy in a process of its own, as the benchmark runs it: `tsx bench/bare-proxy-main.ts <port> <upstream>`.
await startBareProxy(Number(process.argv[2]), String(process.argv[3]));
