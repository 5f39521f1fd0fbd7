import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { StatusProvider } from '../status/status-provider';
import { createQueryClient } from './query-client';

/** Everything the pages rely on: server state, antd in the chosen language, and the server status. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN}>
        <StatusProvider>{children}</StatusProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
