import { useQuery } from '@tanstack/react-query';
import { LogType, type ChannelView, type LogView, type Token } from '@tollgate/contract';
import { api, withQuery } from '@/lib/api/client';
import type { FirstRunFacts } from '../first-run/first-run-progress';

/** How often the checklist asks whether the first request was logged, while it waits for one. */
const LOG_POLL_MS = 5000;

/**
 * The checklist's facts from the lists the console already reads: the first page of channels, of the user's
 * keys (newest first) and of consume logs. Undefined until all three answered; nothing is asked when disabled.
 */
export function useFirstRunFacts(enabled: boolean): FirstRunFacts | undefined {
  const channels = useQuery({ queryKey: ['first-run', 'channels'], queryFn: () => api.get<ChannelView[]>(withQuery('/api/channel/', { p: 0 })), enabled });
  const tokens = useQuery({ queryKey: ['first-run', 'tokens'], queryFn: () => api.get<Token[]>(withQuery('/api/token/', { p: 0 })), enabled });
  const logged = useQuery({
    queryKey: ['first-run', 'consume-log'],
    queryFn: async () => (await api.get<LogView[]>(withQuery('/api/log/', { p: 0, type: LogType.Consume }))).length > 0,
    enabled,
    // The operator is sending the request from a terminal: the step turns done without a reload.
    refetchInterval: (query) => (query.state.data === true ? false : LOG_POLL_MS),
  });
  if (!channels.data || !tokens.data || logged.data === undefined) return undefined;
  return { channels: channels.data, tokens: tokens.data, hasConsumeLog: logged.data };
}
