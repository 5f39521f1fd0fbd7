import { expect, test } from '@playwright/test';
import { loginAsRoot } from './admin-helpers.js';
import { addChannelThroughForm, chat, chatStreamed, createRelayKey, savedChannel, testChannelInList, type SavedChannel } from './channel-form-steps.js';
import { uniqueName } from './helpers.js';
import { NATIVE_CASES, type NativeChannelCase } from './native-channel-cases.js';
import { apiSession } from './user-helpers.js';

/** Credentials the server never sends back: saved, but read back blank. */
const SECRET_CONFIG = new Set(['sk', 'vertex_ai_adc']);

/** The typed `other` and config inputs are what the server stored. */
function expectFieldsSaved(saved: SavedChannel, fields: Record<string, string>): void {
  const config = JSON.parse(String(saved.config || '{}')) as Record<string, unknown>;
  for (const [id, value] of Object.entries(fields)) {
    if (id === 'other') expect(saved.other).toBe(value);
    if (!id.startsWith('config-')) continue;
    const name = id.slice('config-'.length);
    expect(config[name], `config ${name}`).toBe(SECRET_CONFIG.has(name) ? '' : value);
  }
}

test.describe('native channel types in the console', () => {
  let relayKey = '';

  test.beforeAll(async ({ baseURL }) => {
    const api = await apiSession(baseURL ?? '', 'root', '123456');
    relayKey = await createRelayKey(api, uniqueName('native'));
    await api.dispose();
  });

  const title = (c: NativeChannelCase) => `${c.label} (type ${c.type}) is added with its own fields and passes the test button${c.priced ? ' and relayed chats' : ''}`;

  for (const c of NATIVE_CASES) {
    test(title(c), async ({ page, request }) => {
      const upstream = await c.start();
      const name = uniqueName(`t${c.type}-`);
      try {
        await loginAsRoot(page);
        await addChannelThroughForm(page, { label: c.label, name, model: c.model, fields: upstream.fields, shows: c.shows, hides: c.hides, screenshot: c.screenshot });

        const saved = await savedChannel(page, name);
        expect(saved).toMatchObject({ type: c.type, models: c.model, group: 'default' });
        expectFieldsSaved(saved, upstream.fields);
        expect(saved.base_url).toBe(upstream.baseUrl);

        expect(await testChannelInList(page, name, c.model)).toBe(c.answer);
        upstream.verify();

        // Unpriced models are refused by the relay until an admin prices them; the test button needs no price.
        if (c.priced) {
          expect(await chat(request, relayKey, c.model)).toBe(c.answer);
          expect(await chatStreamed(request, relayKey, c.model)).toBe(c.answer);
        }
      } finally {
        await upstream.stop();
      }
    });
  }
});
