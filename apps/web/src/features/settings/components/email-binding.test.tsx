import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPendingWork } from '@/test/pending-work';
import { renderRoute } from '@/test/render-route';

/** The caller has carol@example.com bound; the code and bind endpoints succeed; the status is {}. */
function answer(path: string): Response {
  if (path === '/api/user/self') return Response.json({ success: true, message: '', data: { id: 1, username: 'carol', email: 'carol@example.com' } });
  return Response.json({ success: true, message: '', data: {} });
}
const callsTo = (prefix: string) => vi.mocked(fetch).mock.calls.filter(([path]) => String(path).startsWith(prefix));
const typeInto = (name: string, value: string) => {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no input named ${name}`);
  fireEvent.change(input, { target: { value } });
};

describe('email binding in personal settings', () => {
  beforeEach(() => {
    localStorage.setItem('user', JSON.stringify({ id: 1, username: 'carol', display_name: '', role: 1, status: 1 }));
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(answer(path))));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the bound address, mails a code with a 30 second countdown, then binds', async () => {
    renderRoute('/setting');
    await waitFor(() => expect(screen.getByTestId('bound-email').textContent).toContain('carol@example.com'), { timeout: 5000 });
    typeInto('bind-email', 'new@example.com');
    fireEvent.click(screen.getByTestId('bind-send-code'));
    await waitFor(() => expect(callsTo('/api/verification')).toHaveLength(1));
    expect(callsTo('/api/verification')[0]?.[0]).toBe('/api/verification?email=new%40example.com&turnstile=');
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('bind-send-code').disabled).toBe(true));
    expect(screen.getByTestId('bind-send-code').textContent).toMatch(/30/);
    typeInto('bind-code', 'a1b2c3');
    fireEvent.click(screen.getByTestId('bind-email-submit'));
    await waitFor(() => expect(callsTo('/api/oauth/email/bind')).toHaveLength(1));
    expect(callsTo('/api/oauth/email/bind')[0]?.[0]).toBe('/api/oauth/email/bind?email=new%40example.com&code=a1b2c3&turnstile=');
  });

  it('does not bind without a code', async () => {
    renderRoute('/setting');
    await screen.findByTestId('bind-email-submit', {}, { timeout: 5000 });
    typeInto('bind-email', 'new@example.com');
    fireEvent.click(screen.getByTestId('bind-email-submit'));
    await afterPendingWork();
    expect(callsTo('/api/oauth/email/bind')).toHaveLength(0);
  });
});
