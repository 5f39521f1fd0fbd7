import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPendingWork } from '@/test/pending-work';
import { renderRoute } from '@/test/render-route';

const loginCalls = () => vi.mocked(fetch).mock.calls.filter(([path]) => path === '/api/user/login');

async function renderLogin(): Promise<void> {
  renderRoute('/login');
  await screen.findByTestId('login-form');
}

function type(name: string, value: string): void {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no input named ${name}`);
  fireEvent.change(input, { target: { value } });
}

describe('LoginPage', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json({ success: false, message: 'wrong password' }))));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('does nothing when username and password are empty', async () => {
    await renderLogin();
    fireEvent.click(screen.getByTestId('login-submit'));
    await afterPendingWork();
    expect(loginCalls()).toHaveLength(0);
  });

  it('does nothing when only one of them is filled', async () => {
    await renderLogin();
    type('username', 'alice');
    fireEvent.click(screen.getByTestId('login-submit'));
    await afterPendingWork();
    expect(loginCalls()).toHaveLength(0);
  });

  it('posts the credentials once both are filled', async () => {
    await renderLogin();
    type('username', 'alice');
    type('password', 'secret123');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(loginCalls()).toHaveLength(1));
    expect(loginCalls()[0]?.[1]).toMatchObject({ method: 'POST', body: '{"username":"alice","password":"secret123"}' });
  });
});

describe('LoginPage after a successful login', () => {
  const user = { id: 1, username: 'alice', display_name: '', role: '10', status: 1 };

  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json({ success: true, message: '', data: user }))));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('stores the user with a numeric role and lands on /token', async () => {
    renderRoute('/login');
    await screen.findByTestId('login-form');
    type('username', 'alice');
    type('password', 'secret123');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('token-list-page')).textContent).toContain('我的令牌');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ username: 'alice', role: 10 });
  });
});
