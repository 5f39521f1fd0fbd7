import { useQuery } from '@tanstack/react-query';
import type { DashboardRow } from '@tollgate/contract';
import { api } from '@/lib/api/client';

/** GET /api/user/dashboard: my consume logs of the last 7 UTC days, per day and model. */
export function useDashboard() {
  return useQuery({ queryKey: ['user', 'dashboard'], queryFn: () => api.get<DashboardRow[]>('/api/user/dashboard') });
}
