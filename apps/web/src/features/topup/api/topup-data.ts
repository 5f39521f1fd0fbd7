import { useQuery } from '@tanstack/react-query';
import type { UserView } from '@tollgate/contract';
import { api } from '@/lib/api/client';

/** The same cache entry as the profile editor's, so a top-up shows wherever the user is displayed. */
export const selfQueryKey = ['user', 'self'] as const;

/** GET /api/user/self: the quota shown on the page. */
export function useSelfQuota() {
  return useQuery({ queryKey: selfQueryKey, queryFn: () => api.get<UserView>('/api/user/self') });
}

/** POST /api/user/topup {key}: data is the quota added. */
export const redeemCode = (key: string): Promise<number> => api.post<number>('/api/user/topup', { key });
