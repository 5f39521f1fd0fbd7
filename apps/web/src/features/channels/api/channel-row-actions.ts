import { useMutation } from '@tanstack/react-query';
import type { ApiEnvelope, ChannelView } from '@tollgate/contract';
import { api, request, withQuery } from '@/lib/api/client';

/** The quick changes of the list: PUT /api/channel/ with the id and only the status or the priority. */
export type QuickChange = { id: number; status: number } | { id: number; priority: number };

export function useQuickChange() {
  return useMutation({ mutationFn: (change: QuickChange) => api.put<ChannelView>('/api/channel/', change) });
}

/** DELETE /api/channel/{id}/ */
export function useDeleteChannel() {
  return useMutation({ mutationFn: (id: number) => api.delete<unknown>(`/api/channel/${id}/`) });
}

/** The test answer is read at the top level; one-api names the model `modelName`, Tollgate `model`. */
export interface ChannelTestReply extends ApiEnvelope {
  time?: number;
  model?: string;
  modelName?: string;
}

/** GET /api/channel/test/{id}?model=: '' lets the server choose (gpt-3.5-turbo, else the first model). */
export function useTestChannel() {
  return useMutation({
    mutationFn: async ({ id, model }: { id: number; model: string }) =>
      (await request<never>('GET', withQuery(`/api/channel/test/${id}`, { model }))) as ChannelTestReply,
  });
}

/** The balance answer is read at the top level too. */
export interface BalanceReply extends ApiEnvelope {
  balance?: number;
}

/** GET /api/channel/update_balance/{id}/ */
export function useUpdateBalance() {
  return useMutation({
    mutationFn: async (id: number) => (await request<never>('GET', `/api/channel/update_balance/${id}/`)) as BalanceReply,
  });
}
