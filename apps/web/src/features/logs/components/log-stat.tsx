import { Button, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { renderQuota } from '@/lib/format/quota';

interface LogStatProps {
  shown: boolean;
  onToggle: () => void;
  /** The consumed quota once loaded. */
  quota: number | undefined;
  loading: boolean;
}

/** 'Total quota consumed': hidden until asked for, because summing many logs costs the server. */
export function LogStat({ shown, onToggle, quota, loading }: LogStatProps) {
  const { t } = useTranslation();
  return (
    <Typography.Title level={4} style={{ margin: 0 }}>
      {t('logs.statTitle')}
      {shown && quota !== undefined && <span data-testid="log-stat-quota">{renderQuota(quota)}</span>}
      <Button
        type="link"
        icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        loading={shown && loading}
        onClick={onToggle}
        data-testid="log-stat-toggle"
      >
        {shown ? t('logs.statHide') : t('logs.statReveal')}
      </Button>
    </Typography.Title>
  );
}
