import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { screenshot } from './helpers.js';
import { dataOf } from './user-helpers.js';
import { loginAsRoot, toast } from './admin-helpers.js';

test.describe('admin: configuration export / import', () => {
  test('exports with the keys warning, previews an import as a diff, then applies it', async ({ page }) => {
    await loginAsRoot(page);
    const originalName = ((await (await page.request.get('/api/status')).json()) as { data: { system_name: string } }).data.system_name;
    await page.goto('/setting');
    await page.getByRole('tab', { name: '配置导入导出' }).click();
    const card = page.getByTestId('config-transfer');
    await expect(card).toBeVisible();

    await expect(page.getByTestId('config-keys-warning')).toHaveCount(0);
    await page.getByTestId('config-export-keys').click();
    await expect(page.getByTestId('config-keys-warning')).toContainText('密钥');
    await page.getByTestId('config-export-keys').click();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('config-export').click()]);
    expect(download.suggestedFilename()).toBe('tollgate-config.yaml');
    const exported = fs.readFileSync(await download.path(), 'utf8');
    expect(exported).toContain('version: 1');
    expect(exported).toContain('keys_included: false');
    expect(exported).toMatch(/SystemName: .+/);

    const edited = exported.replace(/SystemName: .+/, 'SystemName: Imported Gateway');
    await page.getByTestId('config-import-text').fill(edited);
    await expect(page.getByTestId('config-apply')).toBeDisabled();
    await page.getByTestId('config-dry-run').click();
    const diff = page.getByTestId('config-diff');
    await expect(diff.getByTestId('config-diff-options')).toContainText('选项: 新增 0，修改 1，删除 0');
    await expect(diff.getByTestId('config-diff-options')).toContainText('SystemName');
    await expect(diff.getByTestId('config-diff-options')).toContainText('Imported Gateway');
    await expect(diff.getByTestId('config-diff-channels')).toContainText('渠道: 新增 0，修改 0，删除 0');
    await screenshot(page, 'setting-config-transfer');
    // A dry run writes nothing.
    expect((await (await page.request.get('/api/status')).json()).data.system_name).not.toBe('Imported Gateway');

    await page.getByTestId('config-apply').click();
    await expect(toast(page, '配置已导入')).toBeVisible();
    await expect(page.getByTestId('config-diff')).toHaveCount(0);
    expect((await (await page.request.get('/api/status')).json()).data.system_name).toBe('Imported Gateway');

    // A malformed document is refused with the field named.
    await page.getByTestId('config-import-text').fill('version: 1\nusers:\n  - username: root\n    quota: 1.5\n');
    await page.getByTestId('config-dry-run').click();
    await expect(toast(page, 'users[0].quota: expected a whole number')).toBeVisible();

    // The system name goes back: the specs after this one see the console as they expect it (a longer name
    // folds the header's menu, which closed the user menu under the sign-out test's click).
    await dataOf(await page.request.put('/api/option/', { data: { key: 'SystemName', value: originalName } }));
  });
});
