import { useQuery } from '@tanstack/react-query';
import type { BuiltInRatiosView } from '@tollgate/contract';
import { api } from '@/lib/api/client';

/** GET /api/pricing/built_in_ratios: the ratios the server prices with where no option names a model. */
export function useBuiltInRatios() {
  return useQuery({
    queryKey: ['built-in-ratios'],
    queryFn: () => api.get<BuiltInRatiosView>('/api/pricing/built_in_ratios'),
  });
}
