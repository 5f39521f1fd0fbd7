import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Typography } from 'antd';
import { downloadCsv, type CsvProgress } from '@/lib/api/download-csv';

interface CsvDownloadButtonProps {
  path: string;
  testId: string;
  label: string;
  /** The text beside the spinner while the rows arrive. */
  progressText: (progress: CsvProgress) => string;
  onDone: (progress: CsvProgress) => void;
  onError: (error: unknown) => void;
}

/**
 * A CSV download with its progress: the records and bytes received so far while the server streams them (it
 * cannot know the total up front without counting every row first).
 */
export function CsvDownloadButton({ path, testId, label, progressText, onDone, onError }: CsvDownloadButtonProps) {
  const [progress, setProgress] = useState<CsvProgress | undefined>();
  const start = () => {
    setProgress({ rows: 0, bytes: 0 });
    downloadCsv(path, setProgress)
      .then(onDone, onError)
      .finally(() => setProgress(undefined));
  };
  return (
    <Flex gap="small" align="center" data-testid={testId}>
      <Button icon={<DownloadOutlined />} onClick={start} loading={progress !== undefined}>
        {label}
      </Button>
      {progress && (
        <Flex gap="small" align="center" data-testid={`${testId}-progress`}>
          <Progress type="circle" size={20} percent={100} status="active" showInfo={false} />
          <Typography.Text type="secondary">{progressText({ rows: Math.max(0, progress.rows), bytes: progress.bytes })}</Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
