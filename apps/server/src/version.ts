import fs from 'node:fs';

/** The release version, from the workspace root package.json (the console is built with the same one). */
export function readVersion(): string {
  const file = new URL('../../../package.json', import.meta.url);
  try {
    return `v${(JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version}`;
  } catch {
    return 'v0.0.0';
  }
}
