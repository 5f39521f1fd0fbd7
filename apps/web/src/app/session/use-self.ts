import { useQuery } from '@tanstack/react-query';
import type { UserView } from '@tollgate/contract';
import { api } from '@/lib/api/client';

export const selfQueryKey = ['user', 'self'] as const;

/** GET /api/user/self: the signed-in user's full record. */
export function useSelf() {
  return useQuery({ queryKey: selfQueryKey, queryFn: () => api.get<UserView>('/api/user/self') });
}
