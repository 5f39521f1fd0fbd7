import { expect, test, type Page } from '@playwright/test';
import { loginThroughForm, screenshot, waitForToasts } from './helpers.js';
import { apiSession, dataOf, registerUser, type Account } from './user-helpers.js';

// WebAuthn refuses an IP address as the relying party: these tests use the name localhost (a secure context to
// browsers), which the server then takes as the RP ID, since neither ServerAddress nor WEBAUTHN_* is set.
const port = Number(process.env.E2E_PORT ?? 3917);
const BASE = `http://localhost:${port}`;
test.use({ baseURL: BASE });

const TEXTS = {
  'zh-CN': { title: '通行密钥', signIn: '使用通行密钥登录', useOne: '使用通行密钥', added: '通行密钥已添加', removed: '通行密钥已删除' },
  en: { title: 'Passkeys', signIn: 'Sign in with a passkey', useOne: 'Use a passkey', added: 'Passkey added', removed: 'Passkey removed' },
} as const;

/** A platform authenticator in Chromium (CDP): it keeps discoverable credentials and verifies the user by itself. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  const remove = async () => {
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    await cdp.detach();
  };
  return { credentials, remove };
}

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.removeItem('user'));
}

async function signedInAs(page: Page, account: Account) {
  await expect(page).not.toHaveURL(/\/login/);
  expect(await dataOf<{ username: string }>(await page.request.get('/api/user/self'))).toMatchObject({ username: account.username });
}

/** Root removes the test's own user, and with it its passkeys (root's own factors are never touched). */
async function removeUser(account: Account) {
  const root = await apiSession(BASE, 'root', '123456');
  try {
    const users = await dataOf<{ id: number; username: string }[]>(await root.get(`/api/user/search?keyword=${account.username}`));
    for (const user of users.filter((item) => item.username === account.username)) await dataOf(await root.delete(`/api/user/${user.id}`));
  } finally {
    await root.dispose();
  }
}

for (const language of ['zh-CN', 'en'] as const) {
  const text = TEXTS[language];

  test(`passkeys (${language}): add one in personal settings, sign in with it without a password, then as the second step`, async ({ page }) => {
    test.slow();
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    const account = await registerUser(BASE, 'pk');
    const authenticator = await virtualAuthenticator(page);
    try {
      await loginThroughForm(page, account.username, account.password);
      await signedInAs(page, account);

      // Add: the account has no second factor yet, so the password confirms it is the owner.
      await page.goto('/setting?tab=personal');
      const card = page.getByTestId('passkeys-card');
      await expect(card).toContainText(text.title);
      await card.getByTestId('passkey-add').click();
      await card.getByTestId('passkey-add-name').fill('E2E laptop');
      await card.getByTestId('passkey-add-prompt-password').fill(account.password);
      await card.getByTestId('passkey-add-prompt-submit').click();
      await expect(page.locator('.ant-notification-notice').filter({ hasText: text.added }).first()).toBeVisible();
      await expect(card.getByTestId('passkey-row')).toHaveCount(1);
      await expect(card.getByTestId('passkey-name')).toHaveText('E2E laptop');
      expect(await authenticator.credentials()).toHaveLength(1);
      await screenshot(page, `passkeys-settings-${language}`);
      await waitForToasts(page);

      // Passwordless: no username, no password, the browser's passkey.
      await signOut(page);
      await page.goto('/login');
      await expect(page.getByTestId('login-passkey')).toHaveText(text.signIn);
      await screenshot(page, `passkeys-login-${language}`);
      await page.getByTestId('login-passkey').click();
      await signedInAs(page, account);

      // The password now asks for the passkey next; this account has no TOTP, so no code is asked.
      await signOut(page);
      await loginThroughForm(page, account.username, account.password);
      await expect(page.getByTestId('second-factor-passkey')).toHaveText(text.useOne);
      await expect(page.getByTestId('second-factor-code')).toHaveCount(0);
      expect(await (await page.request.get('/api/user/self')).status()).toBe(401);
      await page.getByTestId('second-factor-passkey').click();
      await signedInAs(page, account);

      // Remove it, the passkey itself confirming; the password step then signs in alone again.
      await page.goto('/setting?tab=personal');
      await page.getByTestId('passkey-remove').click();
      await page.getByTestId('passkey-remove-prompt-passkey').click();
      await expect(page.locator('.ant-notification-notice').filter({ hasText: text.removed }).first()).toBeVisible();
      await expect(page.getByTestId('passkey-row')).toHaveCount(0);
      const again = await page.request.post('/api/user/login', { data: { username: account.username, password: account.password } });
      expect(await again.json()).toMatchObject({ success: true, data: { username: account.username } });
    } finally {
      await authenticator.remove();
      await removeUser(account);
    }
  });
}
