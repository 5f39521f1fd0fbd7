import { useQuery } from '@tanstack/react-query';
import type { RateLimitStatus } from '@tollgate/contract';
import { api } from '@/lib/api/client';

/** How often an open form refreshes the use of its limits. */
const REFRESH_MS = 5000;

/** GET /api/token/{id}/limits or /api/user/{id}/limits: the use of the limits now; nothing for a new key. */
export function useRateLimitStatus(path: string | undefined) {
  return useQuery({
    queryKey: ['rate-limit-status', path],
    queryFn: () => api.get<RateLimitStatus>(path ?? ''),
    enabled: path !== undefined,
    refetchInterval: REFRESH_MS,
  });
}
