import { createContext, useContext } from 'react';
import type { ConsoleStatus } from '@/lib/storage/status-storage';

export const StatusContext = createContext<ConsoleStatus>({});

/** The server status: the stored copy until GET /api/status answers, then the fresh one. */
export function useStatus(): ConsoleStatus {
  return useContext(StatusContext);
}
