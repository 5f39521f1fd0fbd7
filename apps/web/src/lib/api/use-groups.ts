import { useQuery } from '@tanstack/react-query';
import { api } from './client';

/** GET /api/group/: the group names of the GroupRatio option, for the group pickers of channels and users. */
export function useGroups() {
  return useQuery({ queryKey: ['groups'], queryFn: () => api.get<string[]>('/api/group/') });
}
