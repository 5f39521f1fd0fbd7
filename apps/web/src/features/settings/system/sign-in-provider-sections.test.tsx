import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

const WELL_KNOWN = 'https://idp.example/.well-known/openid-configuration';
/** As GET /api/option/ answers them: secrets blank, base URLs at their defaults. */
const OPTIONS = {
  GitHubClientId: 'Iv1.abc',
  GitHubClientSecret: '',
  GitHubBaseUrl: 'https://github.com',
  GitHubApiBaseUrl: 'https://api.github.com',
  LarkClientId: '',
  LarkClientSecret: '',
  LarkBaseUrl: 'https://open.feishu.cn',
  OidcEnabled: 'false',
  OidcClientId: '',
  OidcClientSecret: '',
  OidcWellKnown: '',
  OidcAuthorizationEndpoint: '',
  OidcTokenEndpoint: '',
  OidcUserinfoEndpoint: '',
};
const DISCOVERY = {
  issuer: 'https://idp.example',
  authorization_endpoint: 'https://idp.example/authorize',
  token_endpoint: 'https://idp.example/token',
  userinfo_endpoint: 'https://idp.example/userinfo',
};

let discovery: () => Response = () => Response.json(DISCOVERY);

function answer(path: string): Response {
  if (path === WELL_KNOWN) return discovery();
  const data = path === '/api/option/' ? Object.entries(OPTIONS).map(([key, value]) => ({ key, value })) : {};
  return Response.json({ success: true, message: '', data });
}
const puts = () => vi.mocked(fetch).mock.calls.filter(([path, init]) => path === '/api/option/' && init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)) as unknown);
const field = (key: string) => screen.getByTestId<HTMLInputElement>(`option-${key}`);

async function openSystemTab(): Promise<void> {
  renderRoute('/setting');
  fireEvent.click(await screen.findByText('系统设置', {}, { timeout: 5000 }));
  await screen.findByTestId('option-OidcWellKnown');
}

describe('sign-in providers in the system settings', () => {
  beforeEach(() => {
    localStorage.setItem('user', JSON.stringify({ id: 1, username: 'root', display_name: '', role: 100, status: 1 }));
    discovery = () => Response.json(DISCOVERY);
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(answer(path))));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has the OIDC switch and every new field, secrets blank', async () => {
    await openSystemTab();
    expect(screen.getByTestId('option-OidcEnabled')).toBeTruthy();
    for (const key of ['GitHubBaseUrl', 'GitHubApiBaseUrl', 'LarkBaseUrl', 'OidcClientId', 'OidcAuthorizationEndpoint', 'OidcTokenEndpoint', 'OidcUserinfoEndpoint']) expect(field(key)).toBeTruthy();
    expect(field('GitHubBaseUrl').value).toBe('https://github.com');
    for (const key of ['GitHubClientSecret', 'LarkClientSecret', 'OidcClientSecret']) expect(field(key).value).toBe('');
  });

  it('saves a GitHub Enterprise host without its trailing slash, leaving the blank secret alone', async () => {
    await openSystemTab();
    fireEvent.change(field('GitHubBaseUrl'), { target: { value: 'https://ghe.corp.example/' } });
    fireEvent.change(field('GitHubApiBaseUrl'), { target: { value: 'https://ghe.corp.example/api/v3' } });
    fireEvent.click(screen.getByTestId('save-GitHubClientId-GitHubClientSecret-GitHubBaseUrl-GitHubApiBaseUrl'));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()).toEqual([
      { key: 'GitHubBaseUrl', value: 'https://ghe.corp.example' },
      { key: 'GitHubApiBaseUrl', value: 'https://ghe.corp.example/api/v3' },
    ]);
  });

  it('fills the OIDC endpoints from the well-known address before saving', async () => {
    await openSystemTab();
    fireEvent.change(field('OidcClientId'), { target: { value: 'tollgate' } });
    fireEvent.change(field('OidcClientSecret'), { target: { value: 's3cret' } });
    fireEvent.change(field('OidcWellKnown'), { target: { value: WELL_KNOWN } });
    fireEvent.click(screen.getByTestId('save-OidcClientId-OidcClientSecret-OidcWellKnown-OidcAuthorizationEndpoint-OidcTokenEndpoint-OidcUserinfoEndpoint'));
    await waitFor(() => expect(puts()).toHaveLength(6));
    expect(puts()).toEqual([
      { key: 'OidcClientId', value: 'tollgate' },
      { key: 'OidcClientSecret', value: 's3cret' },
      { key: 'OidcWellKnown', value: WELL_KNOWN },
      { key: 'OidcAuthorizationEndpoint', value: DISCOVERY.authorization_endpoint },
      { key: 'OidcTokenEndpoint', value: DISCOVERY.token_endpoint },
      { key: 'OidcUserinfoEndpoint', value: DISCOVERY.userinfo_endpoint },
    ]);
    expect(field('OidcAuthorizationEndpoint').value).toBe(DISCOVERY.authorization_endpoint);
  });

  it('saves nothing and says why when the well-known address cannot be read', async () => {
    discovery = () => new Response('not found', { status: 404 });
    await openSystemTab();
    fireEvent.change(field('OidcWellKnown'), { target: { value: WELL_KNOWN } });
    fireEvent.click(screen.getByTestId('save-OidcClientId-OidcClientSecret-OidcWellKnown-OidcAuthorizationEndpoint-OidcTokenEndpoint-OidcUserinfoEndpoint'));
    expect(await screen.findByText('获取 OIDC Well-Known 配置失败：HTTP 404')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });
});
