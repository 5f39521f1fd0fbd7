import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router/routes';
import type { ConsoleStatus } from '@/lib/storage/status-storage';
import { fakePopup } from '@/test/fake-popup';
import { afterPendingWork } from '@/test/pending-work';
import { renderRoute } from '@/test/render-route';

const SELF = { id: 3, username: 'carol', email: '', github_id: 'octocat', wechat_id: '', lark_id: '' };

function answer(path: string): Response {
  if (path === '/api/user/self') return Response.json({ success: true, message: '', data: SELF });
  if (path === '/api/oauth/state') return Response.json({ success: true, message: '', data: 'st8' });
  return Response.json({ success: true, message: '', data: '' });
}
const callsTo = (prefix: string) => vi.mocked(fetch).mock.calls.map(([path]) => String(path)).filter((path) => path.startsWith(prefix));

async function renderSettings(status: ConsoleStatus): Promise<void> {
  renderRoute('/setting', routes, status);
  await screen.findByTestId('account-bindings', {}, { timeout: 5000 });
}

describe('account binding in personal settings', () => {
  let popup: ReturnType<typeof fakePopup>;

  beforeEach(() => {
    localStorage.setItem('user', JSON.stringify({ id: 3, username: 'carol', display_name: '', role: 1, status: 1 }));
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(answer(path))));
    popup = fakePopup();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('offers only the methods the status enables, email always', async () => {
    await renderSettings({ wechat_login: false, github_oauth: false, github_client_id: 'id', lark_client_id: '' });
    expect(screen.queryByTestId('bind-wechat')).toBeNull();
    expect(screen.queryByTestId('bind-github')).toBeNull();
    expect(screen.queryByTestId('bind-lark')).toBeNull();
    expect(screen.getByTestId('email-binding')).toBeTruthy();
  });

  it('opens GitHub with a state to bind, and shows the account already bound', async () => {
    await renderSettings({ github_oauth: true, github_client_id: 'Iv1.abc', lark_client_id: 'cli_1' });
    expect(await screen.findByTestId('bound-github')).toHaveProperty('textContent', '已绑定：octocat');
    expect(screen.getByTestId('bind-lark')).toBeTruthy();
    fireEvent.click(screen.getByTestId('bind-github'));
    await waitFor(() => expect(popup.location.href).toBe('https://github.com/login/oauth/authorize?client_id=Iv1.abc&state=st8&scope=user%3Aemail'));
  });

  it('binds WeChat with the typed code and ignores an empty one', async () => {
    await renderSettings({ wechat_login: true, wechat_qrcode: 'https://img.example/qr.png' });
    fireEvent.click(screen.getByTestId('bind-wechat'));
    expect((await screen.findByTestId('wechat-qrcode')).getAttribute('src')).toBe('https://img.example/qr.png');
    fireEvent.click(screen.getByTestId('wechat-bind-submit'));
    await afterPendingWork();
    expect(callsTo('/api/oauth/wechat/bind')).toHaveLength(0);

    const input = document.querySelector<HTMLInputElement>('input[name="wechat_code"]');
    if (!input) throw new Error('no code input');
    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('wechat-bind-submit'));
    await waitFor(() => expect(callsTo('/api/oauth/wechat/bind')).toEqual(['/api/oauth/wechat/bind?code=654321']));
    expect(await screen.findByText('微信账号绑定成功！')).toBeTruthy();
  });
});
