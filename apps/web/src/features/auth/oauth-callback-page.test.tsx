import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

const USER = { id: 7, username: 'github_7', display_name: 'Octo', role: '1', status: 1 };

type Envelope = { success: boolean; message: string; data?: unknown };

/** The callback endpoint answers `callback`; anything else a page loads on the way answers an empty success. */
function serve(callback: Envelope) {
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => Promise.resolve(Response.json(path.startsWith('/api/oauth/') ? callback : { success: true, message: '', data: '' }))),
  );
}
const callbackCalls = () => vi.mocked(fetch).mock.calls.map(([path]) => String(path)).filter((path) => path.startsWith('/api/oauth/'));

describe('OAuth callback pages', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the processing message, sends code and state once, stores the user and goes home', async () => {
    serve({ success: true, message: '', data: USER });
    const router = renderRoute('/oauth/github?code=c0de&state=st8');
    expect((await screen.findByTestId('oauth-prompt')).textContent).toBe('正在处理，请稍候...');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callbackCalls()).toEqual(['/api/oauth/github?code=c0de&state=st8']);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ username: 'github_7', role: 1 });
  });

  it('goes to /setting with a toast when the signed-in session bound the account', async () => {
    localStorage.setItem('user', JSON.stringify({ id: 3, username: 'carol', display_name: '', role: 1, status: 1 }));
    serve({ success: true, message: 'bind' });
    const router = renderRoute('/oauth/lark?code=c0de&state=st8');
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting'));
    expect(await screen.findByText('绑定成功！')).toBeTruthy();
    expect(callbackCalls()).toEqual(['/api/oauth/lark?code=c0de&state=st8']);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ username: 'carol' });
  });

  it('shows the error and leaves for /setting at the first failure, never sending the code again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({ success: false, message: 'GitHub refused the sign-in: bad_verification_code' });
    const router = renderRoute('/oauth/oidc?code=c0de&state=st8');
    expect(await screen.findByText('GitHub refused the sign-in: bad_verification_code')).toBeTruthy();
    // Nobody is signed in, so the login guard of /setting sends the visitor on to /login.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/setting' } });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(callbackCalls()).toEqual(['/api/oauth/oidc?code=c0de&state=st8']);
    expect(localStorage.getItem('user')).toBeNull();
  });
});
