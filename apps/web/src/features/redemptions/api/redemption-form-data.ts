import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateRedemptionRequest, Redemption } from '@tollgate/contract';
import { api } from '@/lib/api/client';
import { redemptionsKey } from './redemption-list';

/** GET /api/redemption/{id}: the code being edited; not fetched on /redemption/add. */
export function useRedemption(id: number | undefined) {
  return useQuery({
    queryKey: [...redemptionsKey, 'one', id],
    queryFn: () => api.get<Redemption>(`/api/redemption/${id}`),
    enabled: id !== undefined,
    gcTime: 0,
  });
}

/** POST /api/redemption/: data is the list of new codes. */
export function useCreateRedemptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Required<CreateRedemptionRequest>) => api.post<string[]>('/api/redemption/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: redemptionsKey }),
  });
}

/** PUT /api/redemption/: the whole loaded code with the edited name and quota. */
export function useUpdateRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Redemption) => api.put<Redemption>('/api/redemption/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: redemptionsKey }),
  });
}
