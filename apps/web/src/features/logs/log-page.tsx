import { useState } from 'react';
import { Card, Flex } from 'antd';
import { isAdmin, LogType, type LogView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/app/session/use-current-user';
import { showRequestError } from '@/app/toasts/show-request-error';
import { showError, showSuccess } from '@/app/toasts/toast';
import { CsvDownloadButton } from '@/components/csv-download-button';
import { ListPage } from '@/components/list-kit/list-page';
import { usePagedTable } from '@/components/list-kit/use-paged-table';
import { withQuery } from '@/lib/api/client';
import { fetchLogs, logsKey, searchLogs, useLogStat } from './api/log-data';
import { LogFilters } from './components/log-filters';
import { useLogColumns } from './components/log-columns';
import { LogStat } from './components/log-stat';
import { defaultLogInputs, defaultLogQuery, toLogQuery, type LogFilterInputs, type LogQuery } from './log-query';
import { formatNumber } from '@/lib/format/number';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * /log: usage logs, every user's for administrators (with channel and username filters), else one's own.
 * The search box shows the server's matches instead of the filtered list until it is cleared.
 */
export function LogPage() {
  const { t } = useTranslation();
  const admin = isAdmin(useCurrentUser()?.role);
  const [openedAt] = useState(nowSeconds);
  const [inputs, setInputs] = useState<LogFilterInputs>(() => defaultLogInputs(openedAt));
  const [type, setType] = useState<number>(LogType.All);
  // `run` makes every query a fresh fetch from page 1, even with unchanged filters.
  const [applied, setApplied] = useState<{ query: LogQuery; run: number }>(() => ({ query: defaultLogQuery(openedAt), run: 0 }));
  const [statShown, setStatShown] = useState(false);

  const table = usePagedTable<LogView>({
    queryKey: [...logsKey, 'list', admin, applied],
    fetchPage: (page) => fetchLogs(applied.query, admin, page),
    search: (text) => searchLogs(text, admin),
  });
  const stat = useLogStat(applied.query, admin, statShown);
  const columns = useLogColumns(admin);

  const runQuery = (nextType: number) => {
    const query = toLogQuery(inputs, nextType);
    if (!query) {
      showError(t('logs.timeInvalid'));
      return;
    }
    setApplied((current) => ({ query, run: current.run + 1 }));
  };

  return (
    <ListPage
      name="log"
      pageTestId="log-page"
      title={t('pages.log')}
      table={table}
      columns={columns}
      searchPlaceholder={t('logs.searchPlaceholder')}
      refreshable
      actions={
        // Every log of the applied filters, not only the pages loaded.
        <CsvDownloadButton
          path={withQuery(admin ? '/api/log/export.csv' : '/api/log/self/export.csv', { ...applied.query })}
          testId="log-csv"
          label={t('logs.csvDownload')}
          progressText={({ rows, bytes }) => t('logs.csvProgress', { rows: formatNumber(rows), mb: (bytes / 1e6).toFixed(1) })}
          onDone={({ rows }) => showSuccess(t('logs.csvDone', { rows: formatNumber(rows) }))}
          onError={showRequestError}
        />
      }
    >
      <Card>
        <Flex vertical gap="middle">
          <LogStat shown={statShown} onToggle={() => setStatShown((shown) => !shown)} quota={stat.data?.quota} loading={stat.isFetching} />
          <LogFilters
            inputs={inputs}
            onChange={setInputs}
            type={type}
            onTypeChange={(next) => {
              setType(next);
              runQuery(next);
            }}
            onQuery={() => runQuery(type)}
            admin={admin}
            querying={table.list.isFetching}
          />
        </Flex>
      </Card>
    </ListPage>
  );
}
