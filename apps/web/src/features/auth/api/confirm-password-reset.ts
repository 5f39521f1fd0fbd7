import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** POST /api/user/reset: spends the link's token and answers the new password, once. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: { email: string; token: string }) => api.post<string>('/api/user/reset', body),
  });
}
