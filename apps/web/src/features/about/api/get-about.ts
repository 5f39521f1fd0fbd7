import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** GET /api/about: an https:// URL, Markdown or HTML, or '' for the default text. */
export function useAbout() {
  return useQuery({ queryKey: ['about'], queryFn: () => api.get<string>('/api/about') });
}
