import { useMutation } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api/client';

/** GET /api/verification?email=&turnstile=: mails a registration code. */
export function useSendVerificationCode() {
  return useMutation({
    mutationFn: ({ email, turnstile }: { email: string; turnstile: string }) =>
      api.get<unknown>(withQuery('/api/verification', { email, turnstile })),
  });
}
