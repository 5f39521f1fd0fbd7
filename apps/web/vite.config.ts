import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// The console shows the product version, and checks for updates at the repository, both read from the
// workspace root package (`repository` is npm's field: a URL string or { url }; absent, there is none).
const { version, repository } = JSON.parse(readFileSync(here('../../package.json'), 'utf8')) as { version: string; repository?: string | { url?: string } };
const repositoryUrl = typeof repository === 'string' ? repository : (repository?.url ?? '');

// The dev server forwards everything the Tollgate server answers, so the console runs same-origin.
const backend = 'http://localhost:3000';

export default defineConfig({
  // Explicit so the config behaves the same when loaded from the workspace root (vitest projects).
  root: here('.'),
  plugins: [react()],
  // The server reports its version as one-api does (v-prefixed); the build carries the same string.
  define: { __APP_VERSION__: JSON.stringify(`v${version}`), __APP_REPOSITORY__: JSON.stringify(repositoryUrl) },
  resolve: {
    alias: {
      '@tollgate/contract': here('../../packages/contract/src/index.ts'),
      '@': here('./src'),
    },
  },
  server: {
    proxy: { '/api': backend, '/v1': backend, '/dashboard': backend },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
  },
});
