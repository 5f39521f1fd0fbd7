import { useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api/client';

/**
 * GET /api/group/models?group=: the models the enabled channels of a group serve (`*`: of any group), for the
 * fallback chain editor's pickers. A blank group asks nothing.
 */
export function useGroupModels(group: string) {
  const name = group.trim();
  return useQuery({
    queryKey: ['group-models', name],
    queryFn: () => api.get<string[]>(withQuery('/api/group/models', { group: name })),
    enabled: name !== '',
    staleTime: 60_000,
  });
}
