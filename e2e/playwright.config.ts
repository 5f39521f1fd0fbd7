import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the built console and a real server on a fresh SQLite file (see start-server.mjs).
 * Debian's Chromium is used as is; Playwright never downloads a browser here.
 */
const port = Number(process.env.E2E_PORT ?? 3917);

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `node start-server.mjs`,
    cwd: import.meta.dirname,
    url: `http://127.0.0.1:${port}/api/status`,
    timeout: 60_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
