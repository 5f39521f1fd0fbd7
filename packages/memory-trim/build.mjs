// Builds the addon with the node-gyp npm runs scripts with. A machine that cannot build it (no compiler)
// still installs: Tollgate then gives V8's memory back after a load, not the C allocator's.
import { spawnSync } from 'node:child_process';

const built = spawnSync('node-gyp', ['rebuild'], { stdio: 'inherit', shell: process.platform === 'win32' });
if (built.status !== 0) console.warn('@tollgate/memory-trim: not built; Tollgate will run without malloc_trim');
