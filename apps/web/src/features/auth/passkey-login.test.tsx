import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as webauthn from '@/lib/webauthn';
import { renderRoute } from '@/test/render-route';

const user = { id: 7, username: 'alice', display_name: '', role: 1, status: 1 };
const assertion = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
const callsTo = (path: string) => vi.mocked(fetch).mock.calls.filter(([called]) => called === path);

// The browser's prompt stands in for the authenticator; what it answers is sent to the server as it is.
vi.mock('@/lib/webauthn', async (original) => ({ ...(await original<typeof webauthn>()), askForPasskey: vi.fn(() => Promise.resolve(assertion)) }));

describe('LoginPage with passkeys', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) => Promise.resolve(Response.json({ success: true, message: '', data: path.endsWith('/options') ? { challenge: 'c', allowCredentials: [] } : user }))),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('signs in without a password: challenge, the browser’s answer, the user', async () => {
    renderRoute('/login');
    fireEvent.click(await screen.findByTestId('login-passkey'));
    await waitFor(() => expect(callsTo('/api/user/login/passkey')).toHaveLength(1));
    expect(callsTo('/api/user/login/passkey/options')).toHaveLength(1);
    expect(callsTo('/api/user/login/passkey')[0]?.[1]).toMatchObject({ method: 'POST', body: JSON.stringify({ credential: assertion }) });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ username: 'alice' }));
  });

  it('offers only a passkey in the second step of an account with passkeys only', async () => {
    renderRoute('/login?step=2fa&methods=passkey');
    fireEvent.click(await screen.findByTestId('second-factor-passkey'));
    expect(screen.queryByTestId('second-factor-code')).toBeNull();
    await waitFor(() => expect(callsTo('/api/user/login/2fa/passkey')).toHaveLength(1));
    expect(callsTo('/api/user/login/2fa/passkey/options')).toHaveLength(1);
  });

  it('offers both with TOTP and passkeys', async () => {
    renderRoute('/login?step=2fa&methods=totp,passkey');
    await screen.findByTestId('second-factor-passkey');
    expect(screen.getByTestId('second-factor-code')).toBeTruthy();
  });

  it('hides the passkey buttons where the browser has no WebAuthn', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    renderRoute('/login');
    await screen.findByTestId('login-form');
    expect(screen.queryByTestId('login-passkey')).toBeNull();
  });
});
