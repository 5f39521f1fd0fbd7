import { useMutation } from '@tanstack/react-query';
import type { LoginUser } from '@tollgate/contract';
import { api } from '@/lib/api/client';
import { askForPasskey, type PublicKeyCredentialRequestOptionsJSON } from '@/lib/webauthn';

/** Asks the server for a challenge, the browser for a passkey's answer, and sends it back: answers the user. */
async function signInWith(optionsPath: string, verifyPath: string): Promise<LoginUser> {
  const options = await api.post<PublicKeyCredentialRequestOptionsJSON>(optionsPath);
  const credential = await askForPasskey(options);
  return api.post<LoginUser>(verifyPath, { credential });
}

/** Passwordless: any passkey the browser holds for this site (POST /api/user/login/passkey). */
export const usePasskeySignIn = () => useMutation({ mutationFn: () => signInWith('/api/user/login/passkey/options', '/api/user/login/passkey') });

/** The second step of a waiting sign-in, with one of that account's passkeys (POST /api/user/login/2fa/passkey). */
export const usePasskeySecondFactor = () => useMutation({ mutationFn: () => signInWith('/api/user/login/2fa/passkey/options', '/api/user/login/2fa/passkey') });
