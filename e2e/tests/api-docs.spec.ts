import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './helpers.js';

/** Every host the page asked for anything, to prove the reference page fetches nothing from elsewhere. */
function hostsAsked(page: Page): Set<string> {
  const hosts = new Set<string>();
  page.on('request', (request) => {
    if (!request.url().startsWith('data:')) hosts.add(new URL(request.url()).host);
  });
  return hosts;
}

test.describe('the API reference (issue 36)', () => {
  test('the About page links it in Chinese, and it lists the API from bundled files', async ({ page, context, baseURL }) => {
    await page.goto('/about');
    const links = page.getByTestId('about-api-links');
    await expect(links.getByRole('link', { name: 'OpenAPI 文档（JSON）' })).toHaveAttribute('href', '/api/openapi.json');
    const [reference] = await Promise.all([context.waitForEvent('page'), links.getByRole('link', { name: 'API 参考' }).click()]);
    const hosts = hostsAsked(reference);
    await reference.waitForLoadState();
    await expect(reference).toHaveURL(/\/api\/docs$/);
    await expect(reference.locator('.swagger-ui .info .title')).toContainText('Tollgate API');
    // Operations of the console API and of the relay, with their paths as OpenAPI writes them.
    await expect(reference.locator('.opblock-summary-path[data-path="/api/status"]')).toBeVisible();
    // The page renders the sections in view; its filter box narrows the list to a tag.
    const tags = { Keys: '/api/token/{id}', OpenAI: '/v1/chat/completions', Anthropic: '/v1/messages', Gemini: '/v1beta/models/{model}:generateContent' };
    for (const [tag, path] of Object.entries(tags)) {
      await reference.locator('.operation-filter-input').fill(tag);
      await expect(reference.locator(`.opblock-summary-path[data-path="${path}"]`).first()).toBeVisible();
    }
    await screenshot(reference, 'api-docs');
    expect([...hosts]).toEqual([new URL(baseURL ?? '').host]);
  });

  test('the About page links it in English; "Try it out" calls the server from the page', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
    await page.goto('/about');
    const links = page.getByTestId('about-api-links');
    await expect(links.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/docs');
    await expect(links.getByRole('link', { name: 'OpenAPI document (JSON)' })).toHaveAttribute('href', '/api/openapi.json');

    await page.goto('/api/docs#/Status/getApiStatus');
    const status = page.locator('#operations-Status-getApiStatus');
    await expect(status).toBeVisible();
    await status.getByRole('button', { name: 'Try it out' }).click();
    await status.getByRole('button', { name: 'Execute' }).click();
    await expect(status.locator('.live-responses-table tr.response .response-col_status')).toHaveText('200');
    await expect(status.locator('.live-responses-table tr.response .microlight').first()).toContainText('"success": true');
  });
});
