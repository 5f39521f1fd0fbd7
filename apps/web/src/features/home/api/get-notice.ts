import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** GET /api/notice: the administrator's notice (Markdown or HTML), '' when none. */
export function useNotice() {
  return useQuery({ queryKey: ['notice'], queryFn: () => api.get<string>('/api/notice') });
}
