import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router/routes';
import type { ConsoleStatus } from '@/lib/storage/status-storage';
import { fakePopup } from '@/test/fake-popup';
import { afterPendingWork } from '@/test/pending-work';
import { renderRoute } from '@/test/render-route';

const USER = { id: 7, username: 'github_7', display_name: 'Octo', role: 1, status: 1 };

function answer(path: string): Response {
  if (path === '/api/oauth/state') return Response.json({ success: true, message: '', data: 'st8' });
  if (path.startsWith('/api/oauth/wechat?')) return Response.json({ success: true, message: '', data: USER });
  return Response.json({ success: true, message: '', data: '' });
}
const callsTo = (prefix: string) => vi.mocked(fetch).mock.calls.map(([path]) => String(path)).filter((path) => path.startsWith(prefix));

async function renderLogin(status: ConsoleStatus) {
  const router = renderRoute('/login', routes, status);
  await screen.findByTestId('login-form');
  return router;
}

describe('sign-in buttons on the login screen', () => {
  let popup: ReturnType<typeof fakePopup>;

  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(answer(path))));
    popup = fakePopup();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows none when the status enables no method', async () => {
    await renderLogin({ github_oauth: false, github_client_id: 'id', wechat_login: false, lark_client_id: '', oidc: false });
    expect(screen.queryByTestId('oauth-buttons')).toBeNull();
  });

  it('shows exactly the methods the status enables', async () => {
    await renderLogin({ github_oauth: true, github_client_id: 'id', wechat_login: false, lark_client_id: 'cli_1', oidc: false });
    expect(screen.getByTestId('oauth-github')).toBeTruthy();
    expect(screen.getByTestId('oauth-lark')).toBeTruthy();
    expect(screen.queryByTestId('oauth-wechat')).toBeNull();
    expect(screen.queryByTestId('oauth-oidc')).toBeNull();
  });

  it('opens the GitHub Enterprise authorize page in a new window with a fresh state', async () => {
    await renderLogin({ github_oauth: true, github_client_id: 'Iv1.abc', github_base_url: 'https://ghe.corp.example' });
    fireEvent.click(screen.getByTestId('oauth-github'));
    // The window opens with the click (pop-up blockers), and goes to the provider once the state is there.
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(popup.location.href).toBe('https://ghe.corp.example/login/oauth/authorize?client_id=Iv1.abc&state=st8&scope=user%3Aemail'));
    expect(callsTo('/api/oauth/state')).toHaveLength(1);
    expect(popup.opener).toBeNull();
  });

  it('falls back to opening the page itself when the blank window was blocked', async () => {
    vi.mocked(window.open).mockReturnValue(null);
    await renderLogin({ lark_client_id: 'cli_1', lark_base_url: 'https://open.larksuite.com' });
    fireEvent.click(screen.getByTestId('oauth-lark'));
    await waitFor(() => expect(window.open).toHaveBeenCalledTimes(2));
    expect(String(vi.mocked(window.open).mock.calls[1]?.[0])).toMatch(/^https:\/\/open\.larksuite\.com\/open-apis\/authen\/v1\/index\?redirect_uri=.*&app_id=cli_1&state=st8$/);
  });

  it('opens the OIDC provider when the status enables OIDC', async () => {
    await renderLogin({ oidc: true, oidc_client_id: 'tollgate', oidc_authorization_endpoint: 'https://idp.example/auth' });
    fireEvent.click(screen.getByTestId('oauth-oidc'));
    await waitFor(() => expect(popup.location.href).not.toBe(''));
    const url = new URL(popup.location.href);
    expect(url.searchParams.get('state')).toBe('st8');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/oauth/oidc`);
  });
});

describe('the WeChat sign-in modal', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(answer(path))));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the QR code and the three-minute hint, ignores an empty code, then signs in and goes home', async () => {
    const router = await renderLogin({ wechat_login: true, wechat_qrcode: 'https://img.example/qr.png' });
    fireEvent.click(screen.getByTestId('oauth-wechat'));
    expect((await screen.findByTestId('wechat-qrcode')).getAttribute('src')).toBe('https://img.example/qr.png');
    expect(screen.getByText(/发送「验证码」获取验证码（3 分钟内有效）/)).toBeTruthy();

    fireEvent.click(screen.getByTestId('wechat-login-submit'));
    await afterPendingWork();
    expect(callsTo('/api/oauth/wechat')).toHaveLength(0);

    const input = document.querySelector<HTMLInputElement>('input[name="wechat_code"]');
    if (!input) throw new Error('no code input');
    fireEvent.change(input, { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByTestId('wechat-login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo('/api/oauth/wechat')).toEqual(['/api/oauth/wechat?code=123456']);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ username: 'github_7', role: 1 });
  });
});
