import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { showRequestError } from '../toasts/show-request-error';

/**
 * Every failed query or mutation goes through the one common error handler, so features only handle
 * success. No retries and no refetch on focus: a failure is shown once, as in one-api's console.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: showRequestError }),
    mutationCache: new MutationCache({ onError: showRequestError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });
}
