import { useQuery } from '@tanstack/react-query';
import type { AnalyticsChannel, AnalyticsDimension, AnalyticsSummary, AnalyticsTopItem } from '@tollgate/contract';
import { api, withQuery } from '@/lib/api/client';
import { rangeQuery, type AnalyticsRange } from './analytics-range';

/** Admins read everyone's usage (/api/analytics), others their own keys' (/api/analytics/self). */
export const analyticsBase = (admin: boolean): string => (admin ? '/api/analytics' : '/api/analytics/self');

export function useAnalyticsSummary(admin: boolean, range: AnalyticsRange) {
  return useQuery({
    queryKey: ['analytics', admin, 'summary', range],
    queryFn: () => api.get<AnalyticsSummary>(withQuery(`${analyticsBase(admin)}/summary`, rangeQuery(range))),
  });
}

export function useAnalyticsTop(admin: boolean, range: AnalyticsRange, dimension: AnalyticsDimension, by: 'quota' | 'requests') {
  return useQuery({
    queryKey: ['analytics', admin, 'top', range, dimension, by],
    queryFn: () => api.get<AnalyticsTopItem[]>(withQuery(`${analyticsBase(admin)}/top`, { ...rangeQuery(range), dimension, by })),
  });
}

/** Per-channel error rate and latency: admins only. */
export function useAnalyticsChannels(range: AnalyticsRange, enabled: boolean) {
  return useQuery({
    queryKey: ['analytics', true, 'channels', range],
    queryFn: () => api.get<AnalyticsChannel[]>(withQuery('/api/analytics/channels', rangeQuery(range))),
    enabled,
  });
}
