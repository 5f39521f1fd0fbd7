import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { toast } from './admin-helpers.js';
import { loginThroughForm, uniqueName } from './helpers.js';
import { codeIn, saveOptions, startSmtpSink } from './mail-helpers.js';
import { apiSession, dataOf } from './user-helpers.js';

/** Register, reset and bind an email with codes and links read from a real SMTP sink the server mails to. */
test.describe('email verification and password reset', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let root: APIRequestContext;

  test.beforeAll(async ({ baseURL }) => {
    sink = await startSmtpSink();
    root = await apiSession(baseURL ?? '', 'root', '123456');
    await saveOptions(root, [
      ['SMTPServer', '127.0.0.1'],
      ['SMTPPort', String(sink.port)],
      ['SMTPFrom', 'tollgate@example.com'],
      ['EmailVerificationEnabled', 'true'],
    ]);
  });

  test.afterAll(async () => {
    await saveOptions(root, [
      ['EmailVerificationEnabled', 'false'],
      ['SMTPServer', ''],
    ]);
    await root.dispose();
    await sink.stop();
  });

  test('registers with the mailed code and resets the password through the mailed link', async ({ page }) => {
    const username = uniqueName('mail');
    const email = `${username}@example.com`;

    await page.goto('/register');
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill('password123');
    await page.locator('input[name="password2"]').fill('password123');
    await page.locator('input[name="email"]').fill(email);
    await page.getByTestId('send-code').click();
    const code = codeIn(await sink.textTo(email));
    await expect(page.getByTestId('send-code')).toBeDisabled();
    await page.locator('input[name="verification_code"]').fill(code);
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/reset');
    await page.locator('input[name="email"]').fill(email);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-submit')).toBeDisabled();
    const link = /href="([^"]+\/user\/reset\?[^"]+)"/.exec(await sink.textTo(email))?.[1]?.replaceAll('&amp;', '&') ?? '';
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByTestId('reset-confirm').click();
    const newPassword = page.getByTestId('new-password');
    await expect(newPassword).toHaveValue(/^[0-9a-f]{12}$/);
    await expect(toast(page, await newPassword.inputValue())).toBeVisible();

    await loginThroughForm(page, username, await newPassword.inputValue());
    await expect(page).not.toHaveURL(/\/login$/);
  });

  test('binds another email in personal settings with a mailed code and a resend countdown', async ({ page, baseURL }) => {
    const username = uniqueName('bind');
    const first = `${username}@example.com`;
    const api = await request.newContext({ baseURL });
    await dataOf(await api.get(`/api/verification?email=${encodeURIComponent(first)}`));
    const code = codeIn(await sink.textTo(first));
    await dataOf(await api.post('/api/user/register', { data: { username, password: 'password123', password2: 'password123', email: first, verification_code: code } }));
    await api.dispose();

    await loginThroughForm(page, username, 'password123');
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/setting');
    await expect(page.getByTestId('bound-email')).toContainText(first);
    const second = `${username}-2@example.com`;
    await page.locator('input[name="bind-email"]').fill(second);
    await page.getByTestId('bind-send-code').click();
    await expect(page.getByTestId('bind-send-code')).toBeDisabled();
    await expect(page.getByTestId('bind-send-code')).toContainText(/\d+/);
    await page.locator('input[name="bind-code"]').fill(codeIn(await sink.textTo(second)));
    await page.getByTestId('bind-email-submit').click();
    await expect(page.getByTestId('bound-email')).toContainText(second);
  });
});
