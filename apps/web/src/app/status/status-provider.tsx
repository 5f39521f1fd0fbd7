import { useEffect, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { readStoredStatus, saveStatus } from '@/lib/storage/status-storage';
import { showNotice } from '../toasts/toast';
import { getStatus } from './get-status';
import { StatusContext } from './status-context';

/** Loads the status once per page load, keeps it in localStorage for list pages, and announces new versions. */
export function StatusProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['status'], queryFn: getStatus, staleTime: Infinity });

  useEffect(() => {
    if (!data) return;
    saveStatus(data);
    if (data.version && data.version !== __APP_VERSION__) {
      showNotice(t('app.newVersion', { version: data.version }));
    }
  }, [data, t]);

  const status = useMemo(() => data ?? readStoredStatus(), [data]);
  return <StatusContext value={status}>{children}</StatusContext>;
}
