import { useMutation } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api/client';

/** GET /api/channel/test?scope=: starts testing every channel, or the disabled ones, in the background. */
export function useTestChannels() {
  return useMutation({ mutationFn: (scope: 'all' | 'disabled') => api.get<unknown>(withQuery('/api/channel/test', { scope })) });
}

/** DELETE /api/channel/disabled: data is the number of channels deleted. */
export function useDeleteDisabledChannels() {
  return useMutation({ mutationFn: () => api.delete<number>('/api/channel/disabled') });
}
