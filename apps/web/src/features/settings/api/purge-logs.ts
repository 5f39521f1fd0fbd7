import { useMutation } from '@tanstack/react-query';
import { request, withQuery } from '@/lib/api/client';

/** DELETE /api/log/?target_timestamp=: the whole envelope, as a refusal gets its own 'log cleanup failed' text. */
export function usePurgeLogs() {
  return useMutation({ mutationFn: (before: number) => request<number>('DELETE', withQuery('/api/log/', { target_timestamp: before })) });
}
