import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPendingWork } from '@/test/pending-work';
import { renderRoute } from '@/test/render-route';

/** The reset endpoints succeed (the confirmation answers a new password); anything else (the status) gets {}. */
function answer(path: string): Response {
  if (path.startsWith('/api/reset_password')) return Response.json({ success: true, message: '' });
  if (path === '/api/user/reset') return Response.json({ success: true, message: '', data: '0123456789ab' });
  return Response.json({ success: true, message: '', data: {} });
}
const callsTo = (prefix: string) => vi.mocked(fetch).mock.calls.filter(([path]) => String(path).startsWith(prefix));

describe('the password reset pages', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(answer(path))));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('/reset asks for the link with the email and an empty Turnstile token, then rests 30 seconds', async () => {
    renderRoute('/reset');
    await screen.findByTestId('reset-form');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await afterPendingWork();
    expect(callsTo('/api/reset_password')).toHaveLength(0);
    const input = document.querySelector<HTMLInputElement>('input[name="email"]');
    if (!input) throw new Error('no email input');
    fireEvent.change(input, { target: { value: 'a+b@example.com' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(callsTo('/api/reset_password')).toHaveLength(1));
    expect(callsTo('/api/reset_password')[0]?.[0]).toBe('/api/reset_password?email=a%2Bb%40example.com&turnstile=');
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('reset-submit').disabled).toBe(true));
    expect(screen.getByTestId('reset-submit').textContent).toMatch(/30/);
  });

  it('/user/reset spends the token on click, shows the new password and copies it', async () => {
    const copy = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderRoute('/user/reset?email=carol%40example.com&token=abc');
    fireEvent.click(await screen.findByTestId('reset-confirm'));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('new-password').value).toBe('0123456789ab'));
    expect(callsTo('/api/user/reset')[0]?.[1]).toMatchObject({ method: 'POST', body: JSON.stringify({ email: 'carol@example.com', token: 'abc' }) });
    expect(copy).toHaveBeenCalledWith('0123456789ab');
    expect(screen.getByTestId<HTMLButtonElement>('reset-confirm').disabled).toBe(true);
  });

  it('/user/reset without email or token says the link is invalid and calls nothing', async () => {
    renderRoute('/user/reset?email=carol%40example.com');
    await screen.findByTestId('reset-invalid');
    expect(callsTo('/api/user/reset')).toHaveLength(0);
  });
});
