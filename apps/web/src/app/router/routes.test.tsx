import { STORAGE_KEYS } from '@tollgate/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

describe('routes', () => {
  beforeEach(() => {
    // Pages load their content; an empty successful answer keeps them quiet.
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json({ success: true, message: '', data: '' }))));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the not-found page for an unknown address', async () => {
    renderRoute('/no/such/page');
    const page = await screen.findByTestId('not-found-page');
    expect(page.textContent).toContain('页面不存在');
    expect(page.textContent).toContain('请检查你的浏览器地址是否正确');
  });

  it('sends a visitor without a stored user from a guarded page to /login, remembering the origin', async () => {
    const router = renderRoute('/log?p=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/log', search: '?p=2' } });
  });

  it('opens a guarded page for a stored user', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, username: 'alice', display_name: '', role: 1, status: 1 }));
    renderRoute('/token');
    expect((await screen.findByTestId('token-list-page')).textContent).toContain('我的令牌');
    expect(screen.getByTestId('user-menu').textContent).toContain('alice');
  });
});
