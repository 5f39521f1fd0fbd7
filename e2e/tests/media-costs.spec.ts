import { expect, test, type APIRequestContext } from '@playwright/test';
// The server's own fake OpenAI API (apps/server/test), as the protocol specs use the fakes.
import { FakeOpenAI } from '../../apps/server/test/fake-openai.js';
import { loginAsRoot, rowWith } from './admin-helpers.js';
import { createRelayKey } from './channel-form-steps.js';
import { screenshot, uniqueName } from './helpers.js';
import { apiSession, dataOf } from './user-helpers.js';

/** Image and speech requests, which are not priced by tokens, show what they were charged in the log detail (issue 15). */
test.describe('console: the cost of image and speech requests', () => {
  let openai: FakeOpenAI;
  let api: APIRequestContext;
  let channelId = 0;
  let key = '';

  test.beforeAll(async ({ baseURL }) => {
    openai = await new FakeOpenAI('media-e2e').start();
    api = await apiSession(baseURL ?? '', 'root', '123456');
    channelId = await dataOf<number>(await api.post('/api/channel/', { data: { name: uniqueName('media-'), type: 1, key: 'sk-e2e', base_url: openai.baseUrl, models: 'dall-e-2,tts-1', group: 'default' } }));
    key = await createRelayKey(api, uniqueName('mediakey'));
    const image = await api.post('/v1/images/generations', { headers: { authorization: `Bearer ${key}` }, data: { model: 'dall-e-2', prompt: 'a gate', n: 2, size: '512x512' } });
    expect(image.status(), await image.text()).toBe(200);
    const speech = await api.post('/v1/audio/speech', { headers: { authorization: `Bearer ${key}` }, data: { model: 'tts-1', voice: 'alloy', input: 'Hello world' } });
    expect(speech.status(), await speech.text()).toBe(200);
    for (const model of ['dall-e-2', 'tts-1']) {
      await expect.poll(async () => (await dataOf<unknown[]>(await api.get(`/api/log/?p=0&type=2&model_name=${model}`))).length, { timeout: 15_000 }).toBeGreaterThan(0);
    }
  });

  // The channel goes with its fake upstream, so later tests route as before.
  test.afterAll(async () => {
    if (channelId) await dataOf(await api.delete(`/api/channel/${channelId}/`));
    await api.dispose();
    await openai.stop();
  });

  test('in Chinese: the images at their price each with their size, the characters spoken at their price per million', async ({ page }) => {
    await loginAsRoot(page);
    await page.goto('/log');
    await rowWith(page, 'log-table', 'dall-e-2').first().getByTestId('log-costs').click();
    // dall-e-2 at 512x512: 10 x 1.125 x 1000 = 11250 points an image, $0.0225 at 500,000 points to the dollar.
    await expect(page.getByTestId('log-cost-image')).toHaveText('图片 2 张 × 每张 $0.0225 = $0.045000');
    await expect(page.getByTestId('log-cost-image-size')).toHaveText('尺寸 512x512，尺寸倍率 1.125');
    await screenshot(page, 'log-costs-image');
    await page.keyboard.press('Escape');
    await rowWith(page, 'log-table', 'tts-1').first().getByTestId('log-costs').click();
    // tts-1: ratio 7.5 a character, $15 per million; 11 characters: 82.5 points, charged 83, the half point shown
    // as the rounding so that the lines add up to the charge (one more decimal for it).
    await expect(page.getByTestId('log-cost-character')).toHaveText('语音合成 11 个字符 × $15.00 / 1M 字符 = $0.0001650');
    // The image's popover stays in the page, closed: read the speech one's.
    const speech = page.getByTestId('log-costs-detail').filter({ has: page.getByTestId('log-cost-character') });
    await expect(speech.getByTestId('log-cost-rounding')).toHaveText('取整到整数额度点 $0.0000010');
    await expect(speech.getByTestId('log-cost-total')).toHaveText('实扣 $0.0001660');
  });

  test('in English', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
    await loginAsRoot(page);
    await page.goto('/log');
    await rowWith(page, 'log-table', 'dall-e-2').first().getByTestId('log-costs').click();
    await expect(page.getByTestId('log-cost-image')).toHaveText('images 2 × $0.0225 each = $0.045000');
    await expect(page.getByTestId('log-cost-image-size')).toHaveText('size 512x512, size ratio 1.125');
    await page.keyboard.press('Escape');
    await rowWith(page, 'log-table', 'tts-1').first().getByTestId('log-costs').click();
    await expect(page.getByTestId('log-cost-character')).toHaveText('speech 11 characters × $15.00 / 1M characters = $0.0001650');
    await expect(page.getByTestId('log-costs-detail').filter({ has: page.getByTestId('log-cost-character') }).getByTestId('log-cost-total')).toHaveText('charged $0.0001660');
  });
});
