import { defineConfig } from 'vitest/config';

/** One run for the whole workspace: each package is a Vitest project with its own environment. */
export default defineConfig({
  test: {
    projects: ['packages/contract/vitest.config.ts', 'apps/server/vitest.config.ts', 'apps/web/vitest.config.ts'],
    // React's scheduler can finish an unmounted tree's work after a web test file's DOM is torn down, and
    // then finds no `window`. That is an artefact of the teardown, not a test failure; any other error counts.
    onUnhandledError(error) {
      const teardownArtefact = error.message === 'window is not defined' && /performWorkUntilDeadline|react-dom/.test(error.stack ?? '');
      return teardownArtefact ? false : undefined;
    },
  },
});
