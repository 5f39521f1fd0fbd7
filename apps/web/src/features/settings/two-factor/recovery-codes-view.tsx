import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '@/app/toasts/copy-with-toast';

function download(codes: string[]) {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: 'recovery-codes.txt' });
  link.click();
  URL.revokeObjectURL(url);
}

/** The recovery codes as the server answered them, this once: to copy, download or write down. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap="small" data-testid="recovery-codes">
      <Typography.Text strong>{t('twoFactor.recoveryTitle')}</Typography.Text>
      <Alert type="warning" showIcon title={t('twoFactor.recoveryHint')} />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', gap: '6px 24px' }} data-testid="recovery-code-list">
        {codes.map((code) => (
          <Typography.Text key={code} code style={{ fontSize: 15 }}>
            {code}
          </Typography.Text>
        ))}
      </div>
      <Flex gap="small" wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copyWithToast(codes.join('\n'), t('twoFactor.codesCopied'))}>
          {t('twoFactor.copyCodes')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => download(codes)}>
          {t('twoFactor.downloadCodes')}
        </Button>
        <Button type="primary" onClick={onDone} data-testid="recovery-codes-done">
          {t('twoFactor.done')}
        </Button>
      </Flex>
    </Flex>
  );
}
