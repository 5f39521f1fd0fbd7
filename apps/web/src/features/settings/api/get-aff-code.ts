import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** GET /api/user/aff: the user's invitation code (created on first use). */
export function useAffCode() {
  return useMutation({ mutationFn: () => api.get<string>('/api/user/aff') });
}
