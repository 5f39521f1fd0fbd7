import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { loginThroughForm, screenshot, waitForToasts } from './helpers.js';
import { apiSession, dataOf, registerUser } from './user-helpers.js';

/** RFC 6238 written out here (SHA-1, 6 digits, 30 s), so the test checks the server against the standard, not against itself. */
function totp(base32: string, atMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const TEXTS = {
  'zh-CN': { title: '两步验证', on: '已开启', loginHint: '请输入验证器应用中的 6 位验证码', wrong: '验证码错误', requiredAlert: '管理员已要求管理员账户开启两步验证', resetDone: '已关闭此用户的两步验证', option: '管理员必须开启两步验证' },
  en: {
    title: 'Two-factor authentication',
    on: 'On (since',
    loginHint: 'Enter the 6-digit code of your authenticator app',
    wrong: 'the code is wrong',
    requiredAlert: 'Administrators must turn on two-factor authentication',
    resetDone: "This user's two-factor authentication is off",
    option: 'Administrators must use two-factor authentication',
  },
} as const;

/** Turns two-factor on from the personal settings; answers the secret and the ten recovery codes. */
async function enrolThroughCard(page: Page, language: keyof typeof TEXTS): Promise<{ secret: string; codes: string[] }> {
  const card = page.getByTestId('two-factor-card');
  await expect(card).toContainText(TEXTS[language].title);
  await card.getByTestId('two-factor-enable').click();
  await expect(card.getByTestId('two-factor-qr').locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  const secret = await card.getByTestId('two-factor-secret').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await screenshot(page, `two-factor-setup-${language}`);
  await card.getByTestId('two-factor-confirm-input').fill(totp(secret, Date.now()));
  await card.getByTestId('two-factor-confirm-submit').click();
  const list = card.getByTestId('recovery-code-list');
  await expect(list).toBeVisible();
  const codes = ((await list.textContent()) ?? '').match(/[a-z0-9]{5}-[a-z0-9]{5}/g) ?? [];
  expect(codes).toHaveLength(10);
  await screenshot(page, `two-factor-recovery-codes-${language}`);
  await card.getByTestId('recovery-codes-done').click();
  await expect(card.getByTestId('two-factor-status')).toContainText(TEXTS[language].on);
  return { secret, codes };
}

async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.removeItem('user'));
}

for (const language of ['zh-CN', 'en'] as const) {
  const text = TEXTS[language];

  test(`two-factor sign-in (${language}): enrol with the QR code, then sign in with a code and with a recovery code`, async ({ page, baseURL }) => {
    // Three sign-ins and an enrolment in one story: more than one screen's worth of time on a busy machine.
    test.slow();
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    const account = await registerUser(baseURL ?? '', 'tfa');
    await loginThroughForm(page, account.username, account.password);
    await expect(page).not.toHaveURL(/\/login/);

    await page.goto('/setting?tab=personal');
    const { secret, codes } = await enrolThroughCard(page, language);
    await waitForToasts(page);

    // Sign in again: the password, then the code (of the next step: the enrolment's code is spent).
    await signOut(page);
    await loginThroughForm(page, account.username, account.password);
    const form = page.getByTestId('second-factor-form');
    await expect(form).toContainText(text.loginHint);
    await screenshot(page, `two-factor-login-${language}`);
    await page.getByTestId('second-factor-code').fill('000000');
    await page.getByTestId('second-factor-submit').click();
    await expect(page.locator('.ant-notification-notice').filter({ hasText: text.wrong }).first()).toBeVisible();
    await page.getByTestId('second-factor-code').fill(totp(secret, Date.now() + 30_000));
    await page.getByTestId('second-factor-submit').click();
    await expect(page).not.toHaveURL(/\/login/);
    expect(await (await page.request.get('/api/user/self')).json()).toMatchObject({ success: true, data: { username: account.username } });

    // A recovery code stands in for the app, once.
    await signOut(page);
    await loginThroughForm(page, account.username, account.password);
    await page.getByTestId('second-factor-code').fill(codes[0] ?? '');
    await page.getByTestId('second-factor-submit').click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/setting?tab=personal');
    await expect(page.getByTestId('two-factor-status')).toContainText('9');
    const { id } = await dataOf<{ id: number }>(await page.request.get('/api/user/self'));

    // Phone and recovery codes lost: an administrator turns it off from the user's page.
    await signOut(page);
    await loginThroughForm(page, 'root', '123456');
    await expect(page).toHaveURL(/\/user\/edit$/);
    await page.goto(`/user/edit/${id}`);
    await page.getByTestId('user-reset-two-factor').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect(page.locator('.ant-notification-notice').filter({ hasText: text.resetDone }).first()).toBeVisible();
    const again = await page.request.post('/api/user/login', { data: { username: account.username, password: account.password } });
    expect(await again.json()).toMatchObject({ success: true, data: { username: account.username } });
  });

  test(`two-factor required for administrators (${language}): the option leads an administrator to enrolment first`, async ({ page, baseURL }) => {
    await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    const account = await registerUser(baseURL ?? '', 'tfadm');
    const root = await apiSession(baseURL ?? '', 'root', '123456');
    await dataOf(await root.post('/api/user/manage', { data: { username: account.username, action: 'promote' } }));
    await dataOf(await root.put('/api/option/', { data: { key: 'TwoFactorRequiredForAdmins', value: 'true' } }));
    try {
      await loginThroughForm(page, account.username, account.password);
      await expect(page).toHaveURL(/\/setting\?tab=personal/);
      await expect(page.getByTestId('two-factor-required')).toBeVisible();
      await expect(page.getByTestId('two-factor-required')).toContainText(text.requiredAlert);
      expect(await (await page.request.get('/api/channel/')).json()).toMatchObject({ success: false, message: expect.stringMatching(/two-factor|两步验证/) });
      await screenshot(page, `two-factor-required-${language}`);
      await enrolThroughCard(page, language);
      expect(await (await page.request.get('/api/channel/')).json()).toMatchObject({ success: true });

      // The option in the system settings, turned off again by this (now enrolled) administrator.
      await page.goto('/setting?tab=system');
      const option = page.getByTestId('option-TwoFactorRequiredForAdmins');
      await expect(option).toBeChecked();
      await page.getByText(text.option, { exact: true }).click();
      await expect(option).not.toBeChecked();
      expect(await dataOf<{ key: string; value: string }[]>(await page.request.get('/api/option/'))).toContainEqual({ key: 'TwoFactorRequiredForAdmins', value: 'false' });
    } finally {
      // Root has no TOTP: while the option is on it is refused too, so the enrolled administrator turns it off.
      await page.request.put('/api/option/', { data: { key: 'TwoFactorRequiredForAdmins', value: 'false' } });
      await root.dispose();
    }
  });
}
