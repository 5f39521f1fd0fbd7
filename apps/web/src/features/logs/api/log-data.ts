import { useQuery } from '@tanstack/react-query';
import type { LogStat, LogView } from '@tollgate/contract';
import { api } from '@/lib/api/client';
import { logListPath, logStatPath, type LogQuery } from '../log-query';

export const logsKey = ['logs'] as const;

/** One page of logs: every user's for administrators, one's own otherwise. */
export const fetchLogs = (query: LogQuery, admin: boolean, page: number): Promise<LogView[]> => api.get<LogView[]>(logListPath(query, admin, page));

/** The consumed quota for the filters, fetched only while the total is revealed. */
export function useLogStat(query: LogQuery, admin: boolean, enabled: boolean) {
  return useQuery({
    queryKey: [...logsKey, 'stat', admin, query],
    queryFn: () => api.get<LogStat>(logStatPath(query, admin)),
    enabled,
  });
}
