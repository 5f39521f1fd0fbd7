import { useMutation } from '@tanstack/react-query';
import type { Redemption, RedemptionStatusRequest } from '@tollgate/contract';
import { api } from '@/lib/api/client';

/** PUT /api/redemption/?status_only=true: the answer is the code, whose status the row takes. */
export function useSetRedemptionStatus() {
  return useMutation({ mutationFn: (body: RedemptionStatusRequest) => api.put<Redemption>('/api/redemption/?status_only=true', body) });
}

/** DELETE /api/redemption/{id}/ */
export function useDeleteRedemption() {
  return useMutation({ mutationFn: (id: number) => api.delete<unknown>(`/api/redemption/${id}/`) });
}
