import { useMemo } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { UNPRICED_MODELS_MAX, type FetchModelsAnswer, type FetchModelsRequest, type UnpricedModelsAnswer } from '@tollgate/contract';
import { useDebouncedValue } from '@/components/use-debounced-value';
import { api } from '@/lib/api/client';

/** POST /api/channel/fetch_models: the upstream's own list, asked with the form's current values. */
export function useFetchUpstreamModels() {
  return useMutation({ mutationFn: (form: FetchModelsRequest) => api.post<FetchModelsAnswer>('/api/channel/fetch_models', form) });
}

/** Quiet time before the picker asks again: "fill all models" or a run of clicks makes one request. */
const UNPRICED_DEBOUNCE_MS = 300;

/**
 * POST /api/channel/unpriced_models: which of the picked models have no price (a request for one would be
 * refused), asked once the list has settled. The last answer stays while the next is on its way, so the
 * marks do not blink.
 */
export function useUnpricedModels(models: readonly string[]): ReadonlySet<string> {
  // Debounced as text: a list made anew on every render would never settle.
  const settled = useDebouncedValue(JSON.stringify([...new Set(models)].sort().slice(0, UNPRICED_MODELS_MAX)), UNPRICED_DEBOUNCE_MS);
  const names = useMemo(() => JSON.parse(settled) as string[], [settled]);
  const query = useQuery({
    queryKey: ['unpriced-models', settled],
    queryFn: async () => (await api.post<UnpricedModelsAnswer>('/api/channel/unpriced_models', { models: names })).unpriced ?? [],
    enabled: names.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return useMemo(() => new Set(names.length > 0 ? (query.data ?? []) : []), [names, query.data]);
}
