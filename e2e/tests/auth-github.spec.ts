import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { toast } from './admin-helpers.js';
import { startFakeGitHub, type FakeGitHub } from './fake-github.js';
import { loginThroughForm, screenshot, uniqueName } from './helpers.js';
import { saveOptions } from './mail-helpers.js';
import { apiSession, registerUser } from './user-helpers.js';

/** The stored user of the console, as the login guard reads it. */
const storedUser = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { username: string } | null);

/** GitHub sign-in and binding through the console, against a fake GitHub configured as the GitHub endpoints. */
test.describe('GitHub sign-in', () => {
  let github: FakeGitHub;
  let root: APIRequestContext;

  test.beforeAll(async ({ baseURL }) => {
    github = await startFakeGitHub(baseURL ?? '');
    root = await apiSession(baseURL ?? '', 'root', '123456');
    await saveOptions(root, [
      ['GitHubClientId', 'Iv1.e2e'],
      ['GitHubClientSecret', 'e2e-secret'],
      ['GitHubBaseUrl', github.url],
      ['GitHubApiBaseUrl', github.url],
      ['RegisterEnabled', 'true'],
      ['GitHubOAuthEnabled', 'true'],
    ]);
  });

  test.afterAll(async () => {
    // Blank base URLs fall back to the public GitHub.
    await saveOptions(root, [
      ['GitHubOAuthEnabled', 'false'],
      ['GitHubBaseUrl', ''],
      ['GitHubApiBaseUrl', ''],
    ]);
    await root.dispose();
    await github.stop();
  });

  test('the GitHub button signs a new user in through the callback page', async ({ page }) => {
    github.login = uniqueName('octo');
    await page.goto('/login');
    await expect(page.getByTestId('oauth-github')).toBeVisible();
    await screenshot(page, 'login-oauth-buttons');
    const popupOpened = page.waitForEvent('popup');
    await page.getByTestId('oauth-github').click();
    const popup = await popupOpened;

    // The fake authorize page sent the popup back to /oauth/github, which signed in and went home.
    await expect(popup).toHaveURL(/\/$/, { timeout: 20_000 });
    await expect(toast(popup, '登录成功！')).toBeVisible();
    expect((await storedUser(popup))?.username).toMatch(/^github_\d+$/);
    expect(github.tokenRequests.at(-1)).toMatchObject({ client_id: 'Iv1.e2e', client_secret: 'e2e-secret', code: 'e2e-code' });

    // The session is real: a guarded page opens and the profile holds the GitHub login.
    await popup.goto('/user/edit');
    await expect(popup).toHaveURL(/\/user\/edit$/);
    const self = (await (await popup.request.get('/api/user/self')).json()) as { data: { github_id: string } };
    expect(self.data.github_id).toBe(github.login);
  });

  test('opening the callback with a code and the session state signs in', async ({ page }) => {
    github.login = uniqueName('octo');
    await page.goto('/login');
    const state = await page.evaluate(async () => ((await (await fetch('/api/oauth/state')).json()) as { data: string }).data);
    await page.goto(`/oauth/github?code=e2e-code&state=${encodeURIComponent(state)}`);
    await expect(page).toHaveURL(/\/$/);
    expect((await storedUser(page))?.username).toMatch(/^github_\d+$/);
  });

  test('a wrong state is refused and the page leaves for /setting, which asks a visitor to sign in', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => fetch('/api/oauth/state'));
    await page.goto('/oauth/github?code=e2e-code&state=not-the-state');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedUser(page)).toBeNull();
  });

  test('a signed-in user binds GitHub from personal settings', async ({ page, baseURL }) => {
    const account = await registerUser(baseURL ?? '', 'ghb');
    github.login = uniqueName('octo');
    await loginThroughForm(page, account.username, account.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/setting');
    const popupOpened = page.waitForEvent('popup');
    await page.getByTestId('bind-github').click();
    const popup = await popupOpened;
    await expect(popup).toHaveURL(/\/setting$/, { timeout: 20_000 });
    await expect(toast(popup, '绑定成功！')).toBeVisible();
    await expect(popup.getByTestId('bound-github')).toContainText(github.login);
    await screenshot(popup, 'setting-account-bindings');
    expect((await storedUser(popup))?.username).toBe(account.username);
  });
});
