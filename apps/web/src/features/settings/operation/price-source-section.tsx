import { useState } from 'react';
import { Alert, Button, Divider, Flex, Input, Typography } from 'antd';
import { Role, type PriceSourcePreview } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/app/session/use-current-user';
import { showSuccess } from '@/app/toasts/toast';
import { formatTimestamp } from '@/lib/format/time';
import { useApplyPriceSource, usePreviewPriceSource, usePriceSource } from '../api/price-source';
import { useSaveOptions } from '../api/options';
import type { Options } from '../option-diff';
import { PriceSourceDialog } from './price-source-dialog';

/**
 * The price source section, with the divider after it: root's alone, as the server's routes are (a refresh
 * changes what every request costs); administrators see nothing, not even an empty divider.
 */
export function PriceSourceSection({ options }: { options: Options }) {
  const user = useCurrentUser();
  if (user?.role !== Role.Root) return null;
  return (
    <>
      <PriceSourcePanel options={options} />
      <Divider />
    </>
  );
}

/**
 * The price data in force (bundled with the release, or a file fetched on a day), "Check for updates" (the
 * server fetches and checks the source's file, the dialog shows what it changes, Apply applies that very file),
 * and the scheduled refresh's period. A refusal is shown here with the server's words.
 */
function PriceSourcePanel({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.priceSource' });
  const source = usePriceSource();
  const previewer = usePreviewPriceSource();
  const applier = useApplyPriceSource();
  const [preview, setPreview] = useState<PriceSourcePreview>();
  const [problem, setProblem] = useState<string>();

  const check = () => {
    setProblem(undefined);
    previewer.mutate(undefined, { onSuccess: ({ success, message, data }) => (success && data ? setPreview(data) : setProblem(message)) });
  };
  const apply = (sha256: string) =>
    applier.mutate(sha256, {
      onSuccess: ({ success, message, data }) => {
        setPreview(undefined);
        if (success && data) showSuccess(t('applied', { name: data.name, date: data.date }));
        else setProblem(message);
      },
    });

  const info = source.data;
  return (
    <Flex vertical gap="middle" align="flex-start" data-testid="price-source">
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('help')}</Typography.Paragraph>
      {info && (
        <Flex vertical data-testid="price-source-info">
          <Typography.Text>
            {t('inForce')}: {info.name} ({info.date})
          </Typography.Text>
          <Typography.Text>
            {t('models')}: {info.models}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('fetched')}: {info.fetched_at !== undefined ? t('fetchedFrom', { time: formatTimestamp(info.fetched_at), url: info.url ?? '' }) : t('bundled')}
          </Typography.Text>
        </Flex>
      )}
      {problem && <Alert type="error" showIcon title={problem} closable={{ onClose: () => setProblem(undefined) }} data-testid="price-source-problem" />}
      <Button onClick={check} loading={previewer.isPending} data-testid="price-source-check">
        {t('check')}
      </Button>
      <RefreshHoursField saved={options.PriceSourceRefreshHours ?? '0'} />
      {/* Mounted only with a preview: the operation tab is heavy to open, and a closed dialog still costs. */}
      {preview && <PriceSourceDialog preview={preview} applying={applier.isPending} onApply={apply} onCancel={() => setPreview(undefined)} />}
    </Flex>
  );
}

/**
 * Option PriceSourceRefreshHours, saved on its own; the server refuses what is not a whole number from 0 to
 * 8760 and its message is the toast. A plain input rather than an OptionSection form: the operation tab is
 * already the console's heaviest page to open.
 */
function RefreshHoursField({ saved }: { saved: string }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.priceSource' });
  const [hours, setHours] = useState(saved);
  const save = useSaveOptions();
  return (
    <Flex vertical gap="small" style={{ width: '100%' }}>
      <Typography.Text>{t('refreshHours')}</Typography.Text>
      <Input
        type="number"
        min={0}
        step={1}
        value={hours}
        onChange={(event) => setHours(event.target.value)}
        style={{ maxWidth: 240 }}
        data-testid="option-PriceSourceRefreshHours"
      />
      <Typography.Text type="secondary">{t('refreshHoursHelp')}</Typography.Text>
      <Button onClick={() => save.mutate([{ key: 'PriceSourceRefreshHours', value: hours.trim() }])} disabled={hours.trim() === saved} loading={save.isPending} style={{ alignSelf: 'flex-start' }} data-testid="save-PriceSourceRefreshHours">
        {t('saveRefresh')}
      </Button>
    </Flex>
  );
}
