import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

const user = { id: 1, username: 'alice', display_name: '', role: 1, status: 1 };
const callsTo = (path: string) => vi.mocked(fetch).mock.calls.filter(([called]) => called === path);

function type(selector: string, value: string): void {
  const input = document.querySelector<HTMLInputElement>(selector);
  if (!input) throw new Error(`no input ${selector}`);
  fireEvent.change(input, { target: { value } });
}

/** The password step answers new-api's challenge; the second step answers the user. */
describe('LoginPage with two-factor sign-in', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) =>
        Promise.resolve(Response.json(path === '/api/user/login' ? { success: true, message: '', data: { require_2fa: true } } : { success: true, message: '', data: user })),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks for the code after the password, sends a code or a recovery code, then signs in', async () => {
    renderRoute('/login');
    await screen.findByTestId('login-form');
    type('input[name="username"]', 'alice');
    type('input[name="password"]', 'secret123');
    fireEvent.click(screen.getByTestId('login-submit'));

    // No user is stored after the first step: the session is not there yet.
    expect((await screen.findByTestId('second-factor-form')).textContent).toContain('请输入验证器应用中的 6 位验证码');
    expect(localStorage.getItem('user')).toBeNull();

    type('[data-testid="second-factor-code"]', 'ABCDE-23456');
    fireEvent.click(screen.getByTestId('second-factor-submit'));
    await waitFor(() => expect(callsTo('/api/user/login/2fa')).toHaveLength(1));
    expect(callsTo('/api/user/login/2fa')[0]?.[1]).toMatchObject({ method: 'POST', body: '{"recovery_code":"ABCDE-23456"}' });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ username: 'alice' }));
  });

  it('sends six digits as a code', async () => {
    renderRoute('/login?step=2fa');
    await screen.findByTestId('second-factor-form');
    type('[data-testid="second-factor-code"]', '123456');
    fireEvent.click(screen.getByTestId('second-factor-submit'));
    await waitFor(() => expect(callsTo('/api/user/login/2fa')).toHaveLength(1));
    expect(callsTo('/api/user/login/2fa')[0]?.[1]).toMatchObject({ body: '{"code":"123456"}' });
  });
});
