import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Flex, Input, Radio, Typography } from 'antd';
import type { ConfigDiff } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '@/app/toasts/toast';
import { useExportConfig, type ConfigFormat } from '../api/export-config';
import { useImportConfig } from '../api/import-config';
import { ConfigDiffView } from './config-diff-view';

function download(text: string, file: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Root's configuration as code: export the document (keys only when ticked, with the warning), and import
 * one in two steps: a dry run shows the diff, and only the document that was previewed can be applied.
 */
export function ConfigTransferCard() {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.configTransfer' });
  const [keys, setKeys] = useState(false);
  const [format, setFormat] = useState<ConfigFormat>('yaml');
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<{ text: string; diff: ConfigDiff }>();
  const exporter = useExportConfig();
  const importer = useImportConfig();

  const exportNow = () =>
    exporter.mutate({ keys, format }, {
      onSuccess: (result) => {
        const file = `tollgate-config.${result.format}`;
        download(result.text, file);
        showSuccess(t('exported', { file }));
      },
    });
  const dryRun = () => importer.mutate({ text, dryRun: true }, { onSuccess: (result) => setPreview({ text, diff: result.diff }) });
  const apply = () =>
    importer.mutate({ text, dryRun: false }, {
      onSuccess: (result) => {
        setPreview(undefined);
        showSuccess(result.applied ? t('applied') : t('nothingToChange'));
      },
    });
  const readFile = (file: File | undefined) => void file?.text().then((content) => setText(content));

  return (
    <Card title={t('title')} data-testid="config-transfer">
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        <Flex gap="middle" align="center" wrap>
          <Radio.Group value={format} onChange={(event) => setFormat(event.target.value as ConfigFormat)} optionType="button" options={[{ value: 'yaml', label: 'YAML' }, { value: 'json', label: 'JSON' }]} />
          <Checkbox checked={keys} onChange={(event) => setKeys(event.target.checked)} data-testid="config-export-keys">
            {t('includeKeys')}
          </Checkbox>
          <Button type="primary" onClick={exportNow} loading={exporter.isPending} data-testid="config-export">
            {t('export')}
          </Button>
        </Flex>
        {keys && <Alert type="warning" showIcon title={exporter.data?.warning && exporter.variables?.keys ? exporter.data.warning : t('keysWarning')} data-testid="config-keys-warning" />}
        <Typography.Text>{t('documentLabel')}</Typography.Text>
        <input type="file" accept=".json,.yaml,.yml" aria-label={t('chooseFile')} onChange={(event) => readFile(event.target.files?.[0])} data-testid="config-import-file" />
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoSize={{ minRows: 6, maxRows: 20 }}
          style={{ fontFamily: 'monospace' }}
          data-testid="config-import-text"
        />
        <Flex gap="middle">
          <Button onClick={dryRun} disabled={!text.trim()} loading={importer.isPending && importer.variables?.dryRun} data-testid="config-dry-run">
            {t('preview')}
          </Button>
          <Button type="primary" danger onClick={apply} disabled={preview?.text !== text} loading={importer.isPending && !importer.variables?.dryRun} data-testid="config-apply">
            {t('apply')}
          </Button>
        </Flex>
        {preview?.text === text && <ConfigDiffView diff={preview.diff} />}
      </Flex>
    </Card>
  );
}
