import { useQuery } from '@tanstack/react-query';
import type { PricingView } from '@tollgate/contract';
import { api } from '@/lib/api/client';

/** GET /api/pricing: the models my group may call, with my prices (group ratio applied) in dollars per 1M tokens. */
export function usePricing() {
  return useQuery({ queryKey: ['pricing'], queryFn: () => api.get<PricingView>('/api/pricing') });
}
