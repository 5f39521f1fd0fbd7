import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** GET /api/home_page_content: an https:// URL, Markdown or HTML, or '' for the status card. */
export function useHomePageContent() {
  return useQuery({ queryKey: ['home-page-content'], queryFn: () => api.get<string>('/api/home_page_content') });
}
