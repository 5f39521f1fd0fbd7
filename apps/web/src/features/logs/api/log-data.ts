import { useQuery } from '@tanstack/react-query';
import type { LogStat, LogView } from '@tollgate/contract';
import { api, withQuery } from '@/lib/api/client';
import { logListPath, logStatPath, type LogQuery } from '../log-query';

export const logsKey = ['logs'] as const;

/** One page of logs: every user's for administrators, one's own otherwise. */
export const fetchLogs = (query: LogQuery, admin: boolean, page: number): Promise<LogView[]> => api.get<LogView[]>(logListPath(query, admin, page));

/** GET /api/log/search (administrators, every user's logs) or /api/log/self/search: logs by type number or start of content. */
export const searchLogs = (keyword: string, admin: boolean): Promise<LogView[]> =>
  api.get<LogView[]>(withQuery(admin ? '/api/log/search' : '/api/log/self/search', { keyword }));

/** The consumed quota for the filters, fetched only while the total is revealed. */
export function useLogStat(query: LogQuery, admin: boolean, enabled: boolean) {
  return useQuery({
    queryKey: [...logsKey, 'stat', admin, query],
    queryFn: () => api.get<LogStat>(logStatPath(query, admin)),
    enabled,
  });
}
