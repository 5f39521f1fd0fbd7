import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showRequestError } from '@/app/toasts/show-request-error';
import { showSuccess } from '@/app/toasts/toast';
import { downloadCsv, type CsvProgress } from '@/lib/api/download-csv';

/**
 * A CSV download with its progress: the records and megabytes received so far while the server streams them
 * (it cannot know the total up front without counting every row first).
 */
export function CsvDownloadButton({ path, testId }: { path: string; testId: string }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<CsvProgress | undefined>();
  const start = () => {
    setProgress({ rows: 0, bytes: 0 });
    downloadCsv(path, setProgress)
      .then((done) => showSuccess(t('dashboard.csvDone', { rows: done.rows.toLocaleString() })))
      .catch(showRequestError)
      .finally(() => setProgress(undefined));
  };
  return (
    <Flex gap="small" align="center" data-testid={testId}>
      <Button icon={<DownloadOutlined />} onClick={start} loading={progress !== undefined}>
        {t('dashboard.csvDownload')}
      </Button>
      {progress && (
        <Flex gap="small" align="center" data-testid={`${testId}-progress`}>
          <Progress type="circle" size={20} percent={100} status="active" showInfo={false} />
          <Typography.Text type="secondary">{t('dashboard.csvProgress', { rows: Math.max(0, progress.rows).toLocaleString(), mb: (progress.bytes / 1e6).toFixed(1) })}</Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
