import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** DELETE /api/user/{id}/2fa: turns off the two-factor sign-in of a user of lower role. */
export function useResetTwoFactor() {
  return useMutation({ mutationFn: (id: number) => api.delete<unknown>(`/api/user/${id}/2fa`) });
}
