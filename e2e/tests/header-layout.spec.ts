import { expect, test } from '@playwright/test';
import { loginAsRoot } from './admin-helpers.js';
import { screenshot } from './helpers.js';

/**
 * Issue 35: at 1366 px, in English, the administrator's header folded Logs, Settings and About under "···".
 * Every item must be in the bar itself, at the widths of common laptops, in both languages.
 */
test.describe('the header on a laptop screen', () => {
  for (const [language, labels] of [
    ['en', ['Home', 'Channels', 'Tokens', 'Dashboard', 'Pricing', 'Redemptions', 'Top up', 'Users', 'Logs', 'Settings', 'About']],
    ['zh', ['首页', '渠道', '令牌', '数据看板', '模型价格', '兑换', '充值', '用户', '日志', '设置', '关于']],
  ] as const) {
    test(`shows every administrator item at 1366 px (${language})`, async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
      await loginAsRoot(page);
      const menu = page.getByTestId('nav-menu-horizontal');
      await expect(menu).toBeVisible();
      // antd folds what does not fit into an overflow item; it must have nothing to fold.
      await expect(menu.locator('.ant-menu-overflow-item-rest:not(.ant-menu-overflow-item-rest-hidden)')).toBeHidden();
      for (const label of labels) await expect(menu.getByRole('menuitem', { name: label, exact: true })).toBeVisible();
      await screenshot(page, `header-1366-${language}`);
    });
  }
});
