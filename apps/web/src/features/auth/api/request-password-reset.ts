import { useMutation } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api/client';

/** GET /api/reset_password?email=&turnstile=: mails a reset link. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: ({ email, turnstile }: { email: string; turnstile: string }) =>
      api.get<unknown>(withQuery('/api/reset_password', { email, turnstile })),
  });
}
