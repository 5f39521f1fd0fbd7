import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserView } from '@tollgate/contract';
import { api } from '@/lib/api/client';
import { selfQueryKey } from '@/app/session/use-self';

/** The loaded user sent back whole (one-api's console does so); an empty password keeps the old one. */
export type SelfUpdate = UserView & { password: string };

/** PUT /api/user/self. The server takes only username, display name and password from it. */
export function useUpdateSelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: SelfUpdate) => api.put<unknown>('/api/user/self', user),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfQueryKey }),
  });
}
