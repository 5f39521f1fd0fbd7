import { useMutation } from '@tanstack/react-query';
import type { Token, TokenStatusRequest } from '@tollgate/contract';
import { api } from '@/lib/api/client';

/** PUT /api/token/?status_only=true: the answer is the token, whose status the row takes. */
export function useSetTokenStatus() {
  return useMutation({ mutationFn: (body: TokenStatusRequest) => api.put<Token>('/api/token/?status_only=true', body) });
}

/** DELETE /api/token/{id}/ */
export function useDeleteToken() {
  return useMutation({ mutationFn: (id: number) => api.delete<unknown>(`/api/token/${id}/`) });
}
