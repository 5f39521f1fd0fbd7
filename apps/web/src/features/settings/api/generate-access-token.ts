import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** GET /api/user/token: replaces the user's system access token and answers the new one. */
export function useGenerateAccessToken() {
  return useMutation({ mutationFn: () => api.get<string>('/api/user/token') });
}
