import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** DELETE /api/user/self: removes the signed-in user's own account. */
export function useDeleteSelf() {
  return useMutation({ mutationFn: () => api.delete<unknown>('/api/user/self') });
}
