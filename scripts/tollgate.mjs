#!/usr/bin/env node
// `npm run tollgate -- <command>`: the configuration command line. In a checkout it runs the source through
// tsx (no build of the server needed, and never a stale one); where there is no source, as in the Docker
// image (production dependencies only, no tsx), it runs the build, apps/server/dist/cli/tollgate.js.
import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const source = fileURLToPath(new URL('../apps/server/src/cli/tollgate.ts', import.meta.url));
const built = fileURLToPath(new URL('../apps/server/dist/cli/tollgate.js', import.meta.url));

if (fs.existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(source).href);
} else if (fs.existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  process.stderr.write(`error: neither ${source} nor ${built} exists (run npm run build)\n`);
  process.exit(1);
}
