import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginUser } from '@tollgate/contract';
import { api } from '@/lib/api/client';

/** POST /api/user/login: sets the session cookie and answers the user to keep locally. */
export function useLogin() {
  return useMutation({ mutationFn: (body: LoginRequest) => api.post<LoginUser>('/api/user/login', body) });
}
