import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { loginThroughForm, uniqueName } from './helpers.js';
import { apiSession, dataOf, registerUser, startFakeUpstream } from './user-helpers.js';

/** The model the fake channel serves. */
export const KEY_FORM_MODEL = 'gpt-4o-mini';

interface SavedKey {
  id: number;
  key: string;
  /** One chat request with the key, answered by the fake upstream. */
  call: () => ReturnType<APIRequestContext['post']>;
}

/** A new user on the form of a new key, its name typed, and what the test needs around it. */
export interface NewKeyForm {
  /** Root's API session, for the options a test sets and puts back. */
  root: APIRequestContext;
  /** The name typed in the form, to find the key by once it is saved. */
  name: string;
  /** The saved key, its user credited so the relay serves it. */
  saved: () => Promise<SavedKey>;
  /** Deletes the channel and stops its upstream: left behind, it would take later specs' gpt-4o-mini calls to a closed port. */
  stop: () => Promise<void>;
}

/**
 * The opening the key limit specs share (budgets, rate limits): a channel of gpt-4o-mini on a fake upstream, a new
 * user signed in through the form, on the key form with a fresh name typed.
 */
export async function openNewKeyForm(page: Page, baseURL: string, userPrefix: string, keyPrefix: string): Promise<NewKeyForm> {
  const upstream = await startFakeUpstream();
  const root = await apiSession(baseURL, 'root', '123456');
  let channelId: number | undefined;
  const stop = async () => {
    if (channelId) await dataOf(await root.delete(`/api/channel/${channelId}/`));
    await root.dispose();
    await upstream.stop();
  };
  try {
    channelId = await dataOf<number>(await root.post('/api/channel/', { data: { name: uniqueName('fake'), type: 1, key: 'k', base_url: upstream.baseUrl, models: KEY_FORM_MODEL, group: 'default' } }));
    const account = await registerUser(baseURL, userPrefix);
    await loginThroughForm(page, account.username, account.password);
    await expect(page).toHaveURL(/\/token$/);
    const name = uniqueName(keyPrefix);
    await page.goto('/token/add');
    await page.locator('input[name="name"]').fill(name);
    const saved = async (): Promise<SavedKey> => {
      const [token] = await page.evaluate(async (keyword) => (await (await fetch(`/api/token/search?keyword=${keyword}`)).json()).data as { id: number; key: string }[], name);
      if (!token) throw new Error('the new token is not listed');
      const self = await dataOf<{ id: number }>(await page.request.get('/api/user/self'));
      await dataOf(await root.post('/api/topup', { data: { user_id: self.id, quota: 10_000_000, remark: 'e2e credit' } }));
      const call = () => page.request.post('/v1/chat/completions', { headers: { authorization: `Bearer sk-${token.key}` }, data: { model: KEY_FORM_MODEL, messages: [{ role: 'user', content: 'hi' }] } });
      return { ...token, call };
    };
    return { root, name, saved, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
