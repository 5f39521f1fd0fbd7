import { useState } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/app/toasts/toast';
import { parseDateTime } from '@/lib/format/parse-datetime';
import { formatTimestamp } from '@/lib/format/time';
import { usePurgeLogs } from '../api/purge-logs';
import { OptionCheckbox } from '../components/option-checkbox';
import type { Options } from '../option-diff';

const THIRTY_DAYS_SECONDS = 30 * 24 * 3600;

/** 'YYYY-MM-DDTHH:mm', what a datetime-local input holds, for epoch seconds. */
const toLocalInput = (seconds: number): string => formatTimestamp(seconds).slice(0, 16).replace(' ', 'T');

/** The consume-log switch and the purge of logs older than a chosen time (30 days ago by default). */
export function LogSection({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.operation' });
  const [target, setTarget] = useState(() => toLocalInput(Math.floor(Date.now() / 1000) - THIRTY_DAYS_SECONDS));
  const purge = usePurgeLogs();

  const onPurge = () => {
    const before = parseDateTime(target);
    if (before === undefined) return showError(t('timeFormatError'));
    purge.mutate(before, {
      onSuccess: ({ success, message, data }) =>
        success ? showSuccess(t('purged', { count: data ?? 0 })) : showError(t('purgeFailed', { message })),
    });
  };

  return (
    <Flex vertical gap="middle" align="flex-start">
      <Typography.Title level={4}>{t('log')}</Typography.Title>
      <OptionCheckbox optionKey="LogConsumeEnabled" label={t('logConsume')} options={options} />
      <Form.Item label={t('purgeBefore')} layout="vertical" style={{ marginBottom: 0 }}>
        <Input type="datetime-local" value={target} onChange={(event) => setTarget(event.target.value)} data-testid="purge-before" />
      </Form.Item>
      <Button onClick={onPurge} loading={purge.isPending} data-testid="purge-logs">
        {t('purge')}
      </Button>
    </Flex>
  );
}
