import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { toast } from './admin-helpers.js';
import { screenshot, waitForToasts } from './helpers.js';
import { dataOf, startFakeUpstream } from './user-helpers.js';

/**
 * The first-run checklist from a fresh database to the first log row. The other specs share one server and
 * leave channels, keys and logs behind, so this one starts a Tollgate of its own on an empty SQLite file
 * (the same built server) on a free port; so every address here is absolute.
 */
let origin = '';
const at = (path: string) => `${origin}${path}`;

const PASSWORD = 'first-run-pw1';

let server: ChildProcess;
let dataDir: string;

/** A port nothing listens on now (another run of the browser tests may hold the usual ones). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-first-run-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), SQLITE_PATH: path.join(dataDir, 'one-api.db'), SESSION_SECRET: 'e2e-first-run', CRITICAL_RATE_LIMIT: '0', GLOBAL_WEB_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0', LOG_LEVEL: 'warn' };
  delete env.SQL_DSN;
  delete env.REDIS_CONN_STRING;
  server = spawn(process.execPath, [path.join(import.meta.dirname, '..', '..', 'apps', 'server', 'dist', 'main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  await expect.poll(async () => (await fetch(at('/api/status')).catch(() => undefined))?.ok ?? false, { timeout: 30_000 }).toBe(true);
  // The answer must be this server's, not one that held the port first.
  expect(server.exitCode).toBeNull();
});

test.afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const step = (page: Page, name: string) => page.getByTestId(`first-run-step-${name}`);

test('the first-run checklist leads root from a fresh database to the first log row', async ({ page }) => {
  test.setTimeout(120_000);
  const upstream = await startFakeUpstream();
  try {
    await page.setViewportSize({ width: 1366, height: 900 });
    // Root's first sign-in lands on the profile editor; the password is changed there.
    await page.goto(at('/login'));
    await page.locator('input[name="username"]').fill('root');
    await page.locator('input[name="password"]').fill('123456');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/user\/edit$/);
    await page.locator('input[name="password"]').fill(PASSWORD);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/self') && response.request().method() === 'PUT');
    await page.getByTestId('self-edit-submit').click();
    expect(await (await saved).json()).toMatchObject({ success: true });
    await waitForToasts(page);

    await page.goto(at('/'));
    const checklist = page.getByTestId('first-run-checklist');
    await expect(checklist).toBeVisible();
    await expect(step(page, 'channel')).toHaveAttribute('data-done', 'false');
    await expect(step(page, 'key')).toHaveAttribute('data-done', 'false');
    await expect(checklist).toContainText('添加渠道、创建令牌、发送请求');
    await screenshot(page, 'first-run-fresh');

    // Dismissed, it stays away after a reload, as the other hints do; the flag is this browser's.
    await page.getByTestId('first-run-dismiss').click();
    await expect(checklist).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('status-info-card')).toBeVisible();
    await expect(checklist).toBeHidden();
    await page.evaluate(() => localStorage.removeItem('prompt-first-run'));
    await page.reload();
    await expect(checklist).toBeVisible();

    // 1. A channel, from the step's link, on the fake upstream.
    const typeModels = page.waitForResponse((response) => response.url().endsWith('/api/models'));
    await page.getByTestId('first-run-link-channel').click();
    await expect(page).toHaveURL(/\/channel\/add$/);
    await typeModels;
    await page.getByTestId('channel-name').fill('first');
    await page.getByTestId('channel-key').fill('sk-upstream-key');
    await page.getByTestId('channel-base_url').fill(upstream.baseUrl);
    await page.getByTestId('channel-clear-models').click();
    await page.getByTestId('channel-custom-model').fill('gpt-4o-mini');
    await page.getByTestId('channel-custom-model').press('Enter');
    await page.getByTestId('channel-submit').click();
    await expect(toast(page, '渠道创建成功！')).toBeVisible();

    await page.goto(at('/'));
    await expect(step(page, 'channel')).toHaveAttribute('data-done', 'true');
    await expect(step(page, 'request')).toContainText('添加渠道并创建令牌后');

    // 2. A key, from the step's link.
    await page.getByTestId('first-run-link-key').click();
    await expect(page).toHaveURL(/\/token\/add$/);
    await page.locator('input[name="name"]').fill('first-key');
    await page.getByTestId('token-submit').click();
    await expect(page).toHaveURL(/\/token$/);

    // 3. The snippets hold this server's address, the new key in full and the channel's model.
    await page.goto(at('/'));
    await expect(step(page, 'key')).toHaveAttribute('data-done', 'true');
    const [token] = await dataOf<{ key: string }[]>(await page.request.get(at('/api/token/?p=0')));
    const key = `sk-${token?.key ?? ''}`;
    const curl = page.getByTestId('first-run-snippet-curl');
    await expect(curl).toContainText(`curl ${origin}/v1/chat/completions`);
    await expect(curl).toContainText(`Authorization: Bearer ${key}`);
    await expect(curl).toContainText('"model": "gpt-4o-mini"');
    await page.getByRole('tab', { name: 'Claude Code' }).click();
    await expect(page.getByTestId('first-run-snippet-claude-code')).toContainText(`ANTHROPIC_BASE_URL=${origin}\n`);
    await expect(page.getByTestId('first-run-snippet-claude-code')).toContainText(`ANTHROPIC_AUTH_TOKEN=${key}`);
    await page.getByRole('tab', { name: 'curl' }).click();
    await screenshot(page, 'first-run-snippets');
    // At phone width the long snippet lines scroll inside their block, not the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(curl).toBeVisible();
    // The tab bar folds its overflow into a menu once it has measured the new width.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'first-run-snippets-390');
    await page.setViewportSize({ width: 1366, height: 900 });

    // 4. The curl snippet, run as copied, is the first request; the checklist sees its log row and goes.
    // Asynchronously: the fake upstream answering the relay lives in this process.
    const { stdout } = await promisify(execFile)('sh', ['-c', (await curl.textContent()) ?? '']);
    expect(JSON.parse(stdout)).toMatchObject({ choices: [{ message: { content: 'hello' } }] });
    await expect(checklist).toBeHidden({ timeout: 20_000 });
    await expect(page.getByTestId('status-info-card')).toBeVisible();
    await page.goto(at('/log'));
    await expect(page.locator('tbody tr.ant-table-row').filter({ hasText: 'gpt-4o-mini' }).first()).toBeVisible();
  } finally {
    await upstream.stop();
  }
});
