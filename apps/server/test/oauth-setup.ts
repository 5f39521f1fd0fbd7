import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';

export interface OAuthAnswer {
  success: boolean;
  message: string;
  data?: { id: number; username: string; display_name: string; role: number; status: number };
}

/** The cookie header to send next: the response's new session cookie, else the one sent. */
export function nextCookie(response: LightMyRequestResponse, sent = ''): string {
  const cookie = response.cookies.find((c) => c.name === 'session');
  return cookie ? `session=${cookie.value}` : sent;
}

/**
 * What the console does around a provider's redirect: ask /api/oauth/state (with the browser's cookie,
 * if signed in), then call the callback with the code and that state. `state` overrides the state sent.
 */
export async function oauthCallback(t: TestApp, provider: string, code: string, options: { cookie?: string; state?: string; query?: string } = {}) {
  const issued = await t.app.inject({ method: 'GET', url: '/api/oauth/state', headers: options.cookie ? { cookie: options.cookie } : {} });
  const cookie = nextCookie(issued, options.cookie);
  const state = options.state ?? issued.json<{ data: string }>().data;
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/oauth/${provider}?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}${options.query ?? ''}`,
    headers: { cookie },
  });
  return { response, answer: response.json<OAuthAnswer>(), cookie: nextCookie(response, cookie), state };
}
