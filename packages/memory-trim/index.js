import { createRequire } from 'node:module';

/** The addon when it was built at install (build.mjs), else nothing. */
function load() {
  try {
    return createRequire(import.meta.url)('./build/Release/memory_trim.node');
  } catch {
    return {};
  }
}

export const { trim } = load();
