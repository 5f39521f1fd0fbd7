import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@tollgate/contract';
import { api, withQuery } from '@/lib/api/client';

/** POST /api/user/register?turnstile=: the Turnstile token travels in the query, as one-api expects. */
export function useRegister() {
  return useMutation({
    mutationFn: ({ turnstile, body }: { turnstile: string; body: RegisterRequest }) =>
      api.post<unknown>(withQuery('/api/user/register', { turnstile }), body),
  });
}
