import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceSourceInfo, PriceSourcePreview } from '@tollgate/contract';
import { api, request } from '@/lib/api/client';

const priceSourceKey = ['price-source'] as const;

/** GET /api/prices/source: the price source data in force (root only). */
export const usePriceSource = () => useQuery({ queryKey: priceSourceKey, queryFn: () => api.get<PriceSourceInfo>('/api/prices/source') });

/**
 * POST /api/prices/source/preview, as the whole envelope: a refusal (a source out of reach, a file that does
 * not validate, naming the field) is shown in place, where it can be read, rather than in a passing toast.
 */
export const usePreviewPriceSource = () => useMutation({ mutationFn: () => request<PriceSourcePreview>('POST', '/api/prices/source/preview', {}) });

/** POST /api/prices/source/apply: the previewed file, by its hash; the data in force is what the answer says. */
export function useApplyPriceSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sha256: string) => request<PriceSourceInfo>('POST', '/api/prices/source/apply', { sha256 }),
    onSuccess: ({ success, data }) => {
      if (success && data) queryClient.setQueryData(priceSourceKey, data);
    },
  });
}
