import { defineConfig } from 'vitest/config';

/** One run for the whole workspace: each package is a Vitest project with its own environment. */
export default defineConfig({
  test: {
    projects: ['packages/contract/vitest.config.ts', 'apps/server/vitest.config.ts', 'apps/web/vitest.config.ts'],
  },
});
