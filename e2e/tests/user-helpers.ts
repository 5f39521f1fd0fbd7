import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, request, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { uniqueName } from './helpers.js';

/** The `data` of a successful envelope; fails the test with the server's message otherwise. */
export async function dataOf<T>(response: APIResponse): Promise<T> {
  const body = (await response.json()) as { success: boolean; message: string; data: T };
  expect(body.success, body.message).toBe(true);
  return body.data;
}

/** An API client with its own cookie session, signed in as the given account. */
export async function apiSession(baseURL: string, username: string, password: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  await dataOf(await api.post('/api/user/login', { data: { username, password } }));
  return api;
}

export interface Account {
  username: string;
  password: string;
}

/** Registers a fresh ordinary user (unique per run) and returns the credentials. */
export async function registerUser(baseURL: string, prefix: string): Promise<Account> {
  const account = { username: uniqueName(prefix), password: 'password123' };
  const api = await request.newContext({ baseURL });
  await dataOf(await api.post('/api/user/register', { data: { ...account, password2: account.password } }));
  await api.dispose();
  return account;
}

/** Closes a sticky notice (the console puts them in a bottom corner), which would cover a list's pager. */
export async function closeNotices(page: Page): Promise<void> {
  const close = page.locator('.ant-notification-bottomRight .ant-notification-notice-close');
  if ((await close.count()) === 0) return;
  await close.first().click();
  await expect(close).toHaveCount(0);
}

/** A stand-in for OpenAI: every chat completion answers with 10 prompt and 5 completion tokens. */
export async function startFakeUpstream(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const { model } = JSON.parse(body || '{}') as { model?: string };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-e2e',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
