import { expect, test } from '@playwright/test';
import { loginThroughForm, screenshot, uniqueName } from './helpers.js';
import { loginAsRoot } from './admin-helpers.js';
import { apiSession, dataOf, registerUser, startFakeUpstream } from './user-helpers.js';

interface TokenRow {
  id: number;
  key: string;
  response_cache: boolean;
}

/** A key's response cache switched on in the key form answers a repeated request from the cache, and the log row says so. */
test.describe('the response cache in the console', () => {
  // Sign-in, a form, two relayed calls and the log page: more than the default minute on a loaded 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('a user turns a key’s cache on, a repeated request is a hit, and its log row shows the cache hit tag', async ({ page, baseURL }) => {
    const base = baseURL ?? '';
    const upstream = await startFakeUpstream();
    const root = await apiSession(base, 'root', '123456');
    let channelId: number | undefined;
    try {
      channelId = await dataOf<number>(await root.post('/api/channel/', { data: { name: uniqueName('rcfake'), type: 1, key: 'k', base_url: upstream.baseUrl, models: 'gpt-4o-mini', group: 'default' } }));
      const account = await registerUser(base, 'rc');
      await loginThroughForm(page, account.username, account.password);
      await expect(page).toHaveURL(/\/token$/);
      const self = await dataOf<{ id: number }>(await page.request.get('/api/user/self'));
      await dataOf(await root.post('/api/topup', { data: { user_id: self.id, quota: 10_000_000, remark: 'e2e credit' } }));

      const name = uniqueName('cached');
      await page.goto('/token/add');
      await page.locator('input[name="name"]').fill(name);
      await expect(page.getByText('响应缓存').first()).toBeVisible();
      await page.getByTestId('token-response-cache').click();
      await screenshot(page, 'token-form-response-cache');
      await page.getByTestId('token-submit').click();
      await expect(page).toHaveURL(/\/token$/);

      const [token] = await page.evaluate(async (keyword) => (await (await fetch(`/api/token/search?keyword=${keyword}`)).json()).data as TokenRow[], name);
      if (!token) throw new Error('the new token is not listed');
      expect(token.response_cache).toBe(true);

      const question = `cache e2e ${Date.now()}`;
      const call = () => page.request.post('/v1/chat/completions', { headers: { authorization: `Bearer sk-${token.key}` }, data: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: question }] } });
      const first = await call();
      expect(first.status()).toBe(200);
      expect(first.headers()['x-tollgate-cache']).toBe('miss');
      const firstText = await first.text();
      // The answer is kept just after it is sent: the second call is a hit once it is.
      await expect.poll(async () => (await call()).headers()['x-tollgate-cache'], { timeout: 10_000 }).toBe('hit');
      expect(await (await call()).text()).toBe(firstText);

      await page.goto('/log');
      await expect(page.getByTestId('log-cache-hit').first()).toHaveText('缓存命中');
      await screenshot(page, 'log-cache-hit');

      await page.goto(`/token/edit/${token.id}`);
      await expect(page.getByTestId('token-response-cache')).toHaveAttribute('aria-checked', 'true');
    } finally {
      if (channelId) await dataOf(await root.delete(`/api/channel/${channelId}/`));
      await upstream.stop();
    }
  });

  test('in English, an admin sets the cache options, and a billed fraction above 1 is refused naming the option', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
    await loginAsRoot(page);
    await page.goto('/setting?tab=operation');
    await expect(page.getByText('Response cache').first()).toBeVisible();
    const fraction = page.getByTestId('option-ResponseCacheBilledFraction');
    const save = page.getByTestId('save-ResponseCacheTtlSeconds-ResponseCacheBilledFraction-ResponseCacheMaxBytes-ResponseCacheMaxTotalBytes-ResponseCacheSharedGroups');
    await fraction.fill('1.5');
    await save.click();
    await expect(page.getByText(/ResponseCacheBilledFraction must be a number from 0 to 1/).first()).toBeVisible();
    await fraction.fill('0.5');
    await save.click();
    const optionValue = async () => (await dataOf<{ key: string; value: string }[]>(await page.request.get('/api/option/'))).find((option) => option.key === 'ResponseCacheBilledFraction')?.value;
    await expect.poll(optionValue).toBe('0.5');
    await screenshot(page, 'operation-response-cache');
    await dataOf(await page.request.put('/api/option/', { data: { key: 'ResponseCacheBilledFraction', value: '0' } }));
  });
});
