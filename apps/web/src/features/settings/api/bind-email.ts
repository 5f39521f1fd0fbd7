import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api/client';
import { selfQueryKey } from '@/app/session/use-self';

/** GET /api/oauth/email/bind?email=&code=: binds the address whose mailed code was entered. */
export function useBindEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, code, turnstile }: { email: string; code: string; turnstile: string }) =>
      api.get<unknown>(withQuery('/api/oauth/email/bind', { email, code, turnstile })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfQueryKey }),
  });
}
