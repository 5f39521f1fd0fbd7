import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render-route';

/** What the stubbed server answers for each path the home page asks. */
let answers: Record<string, unknown> = {};

const stubServer = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const path = url.split('?')[0] ?? url;
      return Promise.resolve(Response.json({ success: true, message: '', data: answers[path] ?? '' }));
    }),
  );

const signIn = (role: number) => localStorage.setItem('user', JSON.stringify({ id: 1, username: 'root', display_name: '', role, status: 1 }));

describe('the first-run checklist on the home page', () => {
  beforeEach(() => {
    localStorage.clear();
    answers = { '/api/channel/': [], '/api/token/': [], '/api/log/': [] };
    stubServer();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('leads an administrator on a fresh server from the first step, and stays away once dismissed', async () => {
    signIn(100);
    renderRoute('/', undefined, { server_address: 'https://gw.example.com' });
    const checklist = await screen.findByTestId('first-run-checklist');
    expect(screen.getByTestId('first-run-step-channel').dataset.done).toBe('false');
    expect(screen.getByTestId('first-run-link-channel').getAttribute('href')).toBe('/channel/add');
    expect(checklist.textContent).toContain('添加渠道并创建令牌后');
    fireEvent.click(screen.getByTestId('first-run-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('first-run-checklist')).toBeNull());
    expect(localStorage.getItem('prompt-first-run')).toBe('true');
  });

  it('fills the snippets with the server address, the newest key and a served model once a channel and a key exist', async () => {
    signIn(100);
    answers['/api/channel/'] = [{ id: 1, status: 1, models: 'gpt-4o-mini,claude-sonnet-4-5' }];
    answers['/api/token/'] = [{ id: 2, key: 'newest', status: 1 }, { id: 1, key: 'older', status: 1 }];
    renderRoute('/', undefined, { server_address: 'https://gw.example.com/' });
    const curl = await screen.findByTestId('first-run-snippet-curl');
    expect(curl.textContent).toContain('curl https://gw.example.com/v1/chat/completions');
    expect(curl.textContent).toContain('Bearer sk-newest');
    expect(curl.textContent).toContain('"model": "gpt-4o-mini"');
    expect(screen.getByTestId('first-run-step-key').dataset.done).toBe('true');
  });

  it('shows nothing once a request was logged', async () => {
    signIn(100);
    answers['/api/channel/'] = [{ id: 1, status: 1, models: 'gpt-4o-mini' }];
    answers['/api/token/'] = [{ id: 1, key: 'k', status: 1 }];
    answers['/api/log/'] = [{ id: 1, type: 2 }];
    renderRoute('/');
    await screen.findByTestId('status-info-card');
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).startsWith('/api/log/'))).toBe(true));
    expect(screen.queryByTestId('first-run-checklist')).toBeNull();
  });

  it('asks nothing for an ordinary user', async () => {
    signIn(1);
    renderRoute('/');
    await screen.findByTestId('status-info-card');
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).startsWith('/api/channel/'))).toBe(false);
    expect(screen.queryByTestId('first-run-checklist')).toBeNull();
  });
});
