import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginUser, SecondFactorChallenge, SecondFactorRequest } from '@tollgate/contract';
import { api } from '@/lib/api/client';

/**
 * POST /api/user/login: sets the session cookie and answers the user to keep locally, or, for an account with
 * two-factor sign-in, `{require_2fa: true}` and no session yet.
 */
export function useLogin() {
  return useMutation({ mutationFn: (body: LoginRequest) => api.post<LoginUser | SecondFactorChallenge>('/api/user/login', body) });
}

/** POST /api/user/login/2fa: the second step, with a code or a recovery code; answers the user. */
export function useSecondFactorLogin() {
  return useMutation({ mutationFn: (body: SecondFactorRequest) => api.post<LoginUser>('/api/user/login/2fa', body) });
}
