import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelView } from '@tollgate/contract';
import { api } from '@/lib/api/client';
import type { ChannelPayload } from '../form/channel-form-rules';
import { channelsKey } from './channel-list';

/** GET /api/channel/{id}: the channel to edit, without its key. */
export function useChannel(id: number | undefined) {
  return useQuery({
    queryKey: [...channelsKey, 'one', id],
    queryFn: () => api.get<ChannelView>(`/api/channel/${id}`),
    enabled: id !== undefined,
  });
}

/** POST /api/channel/ (one channel per key line) or, with an id, PUT /api/channel/. */
export function useSaveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ChannelPayload) => (payload.id === undefined ? api.post<unknown>('/api/channel/', payload) : api.put<unknown>('/api/channel/', payload)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsKey }),
  });
}
