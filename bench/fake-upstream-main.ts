import { startFakeUpstream } from './fake-upstream.js';

// The fake upstream in a process of its own, so its CPU is measured apart from the load generator's:
// `tsx bench/fake-upstream-main.ts <port>`.
await startFakeUpstream(Number(process.argv[2]));
process.on('SIGTERM', () => process.exit(0));
