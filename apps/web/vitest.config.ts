import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      // A page of antd rendered in happy-dom takes a second or two; on a loaded machine (CI beside other
      // work) five times that. The limit is there to stop a hung test, not to time the console.
      testTimeout: 30_000,
    },
  }),
);
