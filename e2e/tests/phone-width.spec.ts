import { expect, test, type Page } from '@playwright/test';
import { loginAsRoot } from './admin-helpers.js';
import { screenshot, uniqueName } from './helpers.js';
import { apiSession, dataOf } from './user-helpers.js';

/** The pages an operator opens from a phone, each with what must be on screen once it has loaded. */
const PAGES = [
  { path: '/', ready: 'status-info-card' },
  { path: '/dashboard', ready: 'analytics-panel' },
  { path: '/channel', ready: 'channel-table' },
  { path: '/token', ready: 'token-table' },
  { path: '/user', ready: 'user-table' },
  { path: '/log', ready: 'log-table' },
  { path: '/redemption', ready: 'redemption-table' },
  { path: '/pricing', ready: 'pricing-page' },
  { path: '/setting', ready: 'setting-tabs' },
] as const;

/** How far the page itself scrolls sideways; a wide table scrolls inside its own box and does not count. */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Issue 35: every page at phone width (390 px), in both languages: nothing pushes the page wider than the
 * screen, so the operator never scrolls the whole console sideways to reach a button.
 */
test.describe('the console at phone width', () => {
  // A row in every list, with long names and amounts, so a table has something to be too wide with. The channel
  // serves models of its own and goes afterwards: the specs after this one share the server and route by model.
  let channelId = 0;
  test.beforeAll(async ({ baseURL }) => {
    const root = await apiSession(baseURL ?? '', 'root', '123456');
    const self = await dataOf<{ id: number }>(await root.get('/api/user/self'));
    const models = 'phone-width-model-with-a-long-name-2025-09-29,phone-width-other-model';
    channelId = await dataOf<number>(await root.post('/api/channel/', { data: { name: uniqueName('phone-wide-channel-'), type: 1, key: 'sk-phone', base_url: 'http://127.0.0.1:9', models, group: 'default' } }));
    await dataOf(await root.post('/api/token/', { data: { name: 'a key with a long name 12345', remain_quota: 123_456_789_000, expired_time: -1 } }));
    await dataOf(await root.post('/api/redemption/', { data: { name: 'phone-width-code', quota: 987_654_321, count: 1 } }));
    await dataOf(await root.post('/api/topup', { data: { user_id: self.id, quota: 1_000_000_000, remark: 'a top-up with a remark long enough to wrap on a phone' } }));
    await root.dispose();
  });

  test.afterAll(async ({ baseURL }) => {
    const root = await apiSession(baseURL ?? '', 'root', '123456');
    await dataOf(await root.delete(`/api/channel/${channelId}/`));
    await root.dispose();
  });

  for (const language of ['zh', 'en'] as const) {
    test(`no page is wider than a 390 px screen (${language})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
      await loginAsRoot(page);
      for (const { path, ready } of PAGES) {
        await page.goto(path);
        await expect(page.getByTestId(ready)).toBeVisible();
        await expect(page.locator('.ant-skeleton')).toHaveCount(0);
        await expect.poll(() => pageOverflow(page), { message: `${path} scrolls sideways` }).toBeLessThanOrEqual(0);
        await screenshot(page, `phone-${language}${path === '/' ? '-home' : path.replace('/', '-')}`);
      }
    });

    test(`the operation settings, with a fallback chain of long names in its form, fit a 390 px screen (${language})`, async ({ page, baseURL }) => {
      const root = await apiSession(baseURL ?? '', 'root', '123456');
      const chain = { chain: ['phone-width-model-with-a-long-name-2025-09-29', 'phone-width-other-model'], on: ['context_length'] };
      await dataOf(await root.put('/api/option/', { data: { key: 'ModelFallbacks', value: JSON.stringify({ '*': { 'phone-width-asked-model-with-a-long-name': chain } }) } }));
      try {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
        await loginAsRoot(page);
        await page.goto('/setting?tab=operation');
        const editor = page.getByTestId('fallback-group-0');
        await editor.scrollIntoViewIfNeeded();
        await expect(page.getByTestId('fallback-chain-0-0-1')).toHaveValue('phone-width-other-model');
        await expect(page.locator('.ant-skeleton')).toHaveCount(0);
        await expect.poll(() => pageOverflow(page), { message: 'the operation settings scroll sideways' }).toBeLessThanOrEqual(0);
        // The chain's buttons are on screen, not pushed past its edge by a long model name.
        for (const control of ['fallback-down-0-0-0', 'fallback-chain-remove-0-0-1', 'fallback-row-remove-0-0', 'fallback-group-remove-0']) {
          const box = await page.getByTestId(control).boundingBox();
          expect(box && box.x + box.width, control).toBeLessThanOrEqual(390);
        }
        await editor.screenshot({ path: `${import.meta.dirname}/../artifacts/screens/phone-${language}-fallback-editor.png` });
      } finally {
        await dataOf(await root.put('/api/option/', { data: { key: 'ModelFallbacks', value: '{}' } }));
        await root.dispose();
      }
    });

    test(`the channel actions and the log list are on the first screen, without scrolling sideways (${language})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
      await loginAsRoot(page);
      await page.goto('/channel');
      // Every action of a row fits the screen: the secondary columns wait for a wider screen or "show details".
      for (const action of ['channel-test', 'channel-toggle', 'channel-delete', 'channel-edit']) {
        const box = await page.getByTestId(action).first().boundingBox();
        expect(box && box.x + box.width, action).toBeLessThanOrEqual(390);
      }
      await page.goto('/log');
      // The text filters fold on a phone, so the rows are on the first screen; unfolded, they are all there.
      const firstRow = page.getByTestId('log-table').locator('tbody tr.ant-table-row').first();
      await expect(firstRow).toBeVisible();
      const rowBox = await firstRow.boundingBox();
      expect(rowBox && rowBox.y + rowBox.height).toBeLessThanOrEqual(844);
      await expect(page.locator('input[name="username"]')).toHaveCount(0);
      await page.getByTestId('log-filters-fold').click();
      await expect(page.locator('input[name="username"]')).toBeVisible();
      await screenshot(page, `phone-${language}-log-filters-unfolded`);
    });
  }
});
