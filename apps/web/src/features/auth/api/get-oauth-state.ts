import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** GET /api/oauth/state: a one-time state the GitHub or Lark callback must return. */
export function useOAuthState() {
  return useMutation({ mutationFn: () => api.get<string>('/api/oauth/state') });
}
