import { expect, test, type Locator, type Page } from '@playwright/test';
import { fieldError, loginAsRoot } from './admin-helpers.js';
import { screenshot, uniqueName } from './helpers.js';

/**
 * Issue 35: every form of keys, redemption codes, users and channels refuses empty, negative and over-long
 * input before sending, marks the field in the console's language, and nothing is created or changed.
 */

const field = (page: Page, name: string): Locator => page.locator(`[name="${name}"]`);

/** What a search of the API finds for `keyword` (the page's session is the signed-in root's). */
async function found(page: Page, resource: string, keyword: string): Promise<unknown[]> {
  const answer = await page.request.get(`/api/${resource}/search?keyword=${encodeURIComponent(keyword)}`);
  const body = (await answer.json()) as { data?: unknown[] };
  return body.data ?? [];
}

test.describe('forms refuse what the server would (issue 35)', () => {
  // Each test signs in and walks several refusals of one form; a busy machine takes most of a minute for that.
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => {
    await loginAsRoot(page);
  });

  test('the key form marks an empty name, a negative quota and RPM, and caps the name at 30', async ({ page }) => {
    const name = uniqueName('key');
    await page.goto('/token/add');
    await field(page, 'name').fill('');
    await page.getByTestId('token-submit').click();
    await expect(fieldError(page, 'name')).toHaveText('名称不能为空');

    await field(page, 'name').fill(name);
    await field(page, 'remain_quota').fill('-5000');
    await field(page, 'rpm_limit').fill('-3');
    await page.getByTestId('token-submit').click();
    await expect(fieldError(page, 'remain_quota')).toHaveText('额度不能小于 0');
    await expect(fieldError(page, 'rpm_limit')).toHaveText('每分钟请求数 (RPM)不能小于 0');
    // Never clamped: the typed value stays for the operator to correct.
    await expect(field(page, 'remain_quota')).toHaveValue('-5000');
    await screenshot(page, 'form-refusals-key');

    await field(page, 'name').fill('');
    await field(page, 'name').pressSequentially('k'.repeat(35));
    await expect(field(page, 'name')).toHaveValue('k'.repeat(30));
    await expect(page).toHaveURL(/\/token\/add$/);
    expect(await found(page, 'token', name)).toEqual([]);
    expect(await found(page, 'token', 'kkkkk')).toEqual([]);
  });

  test('the redemption form marks an empty name, a negative quota and a count of 0, and caps the name at 20', async ({ page }) => {
    const name = uniqueName('code');
    await page.goto('/redemption/add');
    await page.getByTestId('redemption-submit').click();
    await expect(fieldError(page, 'name')).toHaveText('名称不能为空');

    await field(page, 'name').fill(name);
    await field(page, 'quota').fill('-100000');
    await field(page, 'count').fill('0');
    await page.getByTestId('redemption-submit').click();
    await expect(fieldError(page, 'quota')).toHaveText('额度不能小于 0');
    await expect(fieldError(page, 'count')).toHaveText('生成数量不能小于 1');
    await screenshot(page, 'form-refusals-redemption');

    await field(page, 'name').fill('');
    await field(page, 'name').pressSequentially('码'.repeat(25));
    await expect(field(page, 'name')).toHaveValue('码'.repeat(20));
    expect(await found(page, 'redemption', name)).toEqual([]);
    expect(await found(page, 'redemption', '码码')).toEqual([]);
  });

  test('the user forms mark an empty username, a short password and a negative quota, and cap the username at 12', async ({ page }) => {
    await page.goto('/user/add');
    await page.getByTestId('user-add-submit').click();
    await expect(fieldError(page, 'username')).toHaveText('用户名不能为空');
    await expect(fieldError(page, 'password')).toHaveText('密码不能为空');

    await field(page, 'username').pressSequentially('u'.repeat(15));
    await expect(field(page, 'username')).toHaveValue('u'.repeat(12));
    await field(page, 'password').fill('short');
    await page.getByTestId('user-add-submit').click();
    await expect(fieldError(page, 'password')).toHaveText('密码至少 8 个字符');
    expect(await found(page, 'user', 'uuuuuuuuuuuu')).toEqual([]);

    const username = uniqueName('quo');
    const registered = await page.request.post('/api/user/register', { data: { username, password: 'password123', password2: 'password123' } });
    expect(await registered.json()).toMatchObject({ success: true });
    const [user] = (await found(page, 'user', username)) as { id: number; quota: number }[];
    await page.goto(`/user/edit/${user?.id}`);
    await field(page, 'quota').fill('-999');
    await page.getByTestId('user-edit-submit').click();
    await expect(fieldError(page, 'quota')).toHaveText('剩余额度不能小于 0');
    await screenshot(page, 'form-refusals-user');
    const stored = (await (await page.request.get(`/api/user/${user?.id}`)).json()) as { data: { quota: number } };
    expect(stored.data.quota).toBe(user?.quota);
  });

  test('the channel form marks an empty name and key and a negative weight', async ({ page }) => {
    const name = uniqueName('chan');
    await page.goto('/channel/add');
    await page.getByTestId('channel-submit').click();
    await expect(fieldError(page, 'name')).toHaveText('名称不能为空');
    await expect(fieldError(page, 'key')).toHaveText('密钥不能为空');

    await field(page, 'name').fill(name);
    await field(page, 'key').fill('sk-refused');
    await field(page, 'weight').fill('-3');
    await page.getByTestId('channel-submit').click();
    await expect(fieldError(page, 'weight')).toHaveText('权重不能小于 0');
    await expect(field(page, 'name')).toHaveAttribute('maxlength', '191');
    await screenshot(page, 'form-refusals-channel');
    expect(await found(page, 'channel', name)).toEqual([]);
  });

  test('in the English console the key form says so in English', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto('/token/add');
    await field(page, 'remain_quota').fill('-5000');
    await page.getByTestId('token-submit').click();
    await expect(fieldError(page, 'name')).toHaveText('Name must not be empty');
    await expect(fieldError(page, 'remain_quota')).toHaveText('Quota must be at least 0');
    await screenshot(page, 'form-refusals-key-en');
    await expect(page).toHaveURL(/\/token\/add$/);
  });
});
