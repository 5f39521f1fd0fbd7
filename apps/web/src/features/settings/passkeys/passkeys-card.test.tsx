import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as webauthn from '@/lib/webauthn';
import { renderRoute } from '@/test/render-route';

const PASSKEY = { id: 4, name: 'Laptop', created_at: 1764400000, last_used_at: 0, backed_up: true, transports: ['internal'] };
const made = { id: 'new', rawId: 'new', type: 'public-key', response: {}, clientExtensionResults: {} };

// The browser's prompt stands in for the authenticator.
vi.mock('@/lib/webauthn', async (original) => ({ ...(await original<typeof webauthn>()), createPasskey: vi.fn(() => Promise.resolve(made)) }));

let totpOn = false;
let passkeys: (typeof PASSKEY)[] = [];
function answer(path: string): Response {
  if (path === '/api/user/2fa/status') return Response.json({ success: true, message: '', data: { enabled: totpOn, enabled_at: 0, recovery_codes_left: 10, required: false } });
  if (path === '/api/user/passkeys') return Response.json({ success: true, message: '', data: passkeys });
  if (path.endsWith('/options')) return Response.json({ success: true, message: '', data: { challenge: 'c', rp: { id: 'localhost' }, user: { id: 'u' } } });
  return Response.json({ success: true, message: '', data: {} });
}
const bodyOf = (path: string) => vi.mocked(fetch).mock.calls.find(([called]) => called === path)?.[1]?.body;

describe('the Passkeys section of personal settings', () => {
  beforeEach(() => {
    localStorage.setItem('user', JSON.stringify({ id: 3, username: 'carol', display_name: '', role: 1, status: 1 }));
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.stubGlobal('fetch', vi.fn((path: string) => Promise.resolve(answer(path))));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('adds the first passkey with the password as proof, and the name given', async () => {
    totpOn = false;
    passkeys = [];
    renderRoute('/setting?tab=personal');
    const card = await screen.findByTestId('passkeys-card', {}, { timeout: 5000 });
    fireEvent.click(await within(card).findByTestId('passkey-add'));
    expect(within(card).queryByTestId('passkey-add-prompt-code')).toBeNull();
    fireEvent.change(within(card).getByTestId('passkey-add-name'), { target: { value: 'Phone' } });
    fireEvent.change(within(card).getByTestId('passkey-add-prompt-password'), { target: { value: 'secret123' } });
    fireEvent.click(within(card).getByTestId('passkey-add-prompt-submit'));
    await waitFor(() => expect(bodyOf('/api/user/passkeys/registration')).toBe(JSON.stringify({ name: 'Phone', credential: made })));
    expect(bodyOf('/api/user/passkeys/registration/options')).toBe('{"password":"secret123"}');
  });

  it('asks a code or a passkey, never the password, to remove one from an account with TOTP', async () => {
    totpOn = true;
    passkeys = [PASSKEY];
    renderRoute('/setting?tab=personal');
    const card = await screen.findByTestId('passkeys-card', {}, { timeout: 5000 });
    expect((await within(card).findByTestId('passkey-row')).textContent).toContain('Laptop');
    fireEvent.click(within(card).getByTestId('passkey-remove'));
    expect(within(card).queryByTestId('passkey-remove-prompt-password')).toBeNull();
    expect(within(card).getByTestId('passkey-remove-prompt-passkey')).toBeTruthy();
    fireEvent.change(within(card).getByTestId('passkey-remove-prompt-code'), { target: { value: '123456' } });
    fireEvent.click(within(card).getByTestId('passkey-remove-prompt-submit'));
    await waitFor(() => expect(bodyOf('/api/user/passkeys/4/delete')).toBe('{"code":"123456"}'));
  });
});
