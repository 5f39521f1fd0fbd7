import { Card, Descriptions, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '@/app/status/status-context';
import { useBranding } from '@/app/status/use-branding';
import { formatTimestamp } from '@/lib/format/time';

/** The home page when the administrator set no home content: what this deployment runs and allows. */
export function StatusInfoCard() {
  const { t } = useTranslation();
  const status = useStatus();
  const { systemName } = useBranding();

  const flag = (enabled: boolean | undefined) => (
    <Tag color={enabled ? 'green' : 'red'}>{enabled ? t('common.enabled') : t('common.disabled')}</Tag>
  );

  return (
    <Card title={t('home.statusTitle')} data-testid="status-info-card">
      <Flex vertical gap="large">
        <Descriptions
          title={t('home.systemInfo')}
          column={1}
          items={[
            { key: 'name', label: t('home.name'), children: systemName },
            { key: 'version', label: t('home.version'), children: status.version ?? __APP_VERSION__ },
            { key: 'start', label: t('home.startTime'), children: status.start_time ? formatTimestamp(status.start_time) : '-' },
          ]}
        />
        <Descriptions
          title={t('home.configInfo')}
          column={1}
          items={[
            { key: 'email', label: t('home.emailVerification'), children: flag(status.email_verification) },
            { key: 'github', label: t('home.githubOAuth'), children: flag(status.github_oauth) },
            { key: 'wechat', label: t('home.wechatLogin'), children: flag(status.wechat_login) },
            { key: 'lark', label: t('home.larkLogin'), children: flag(Boolean(status.lark_client_id)) },
            { key: 'turnstile', label: t('home.turnstile'), children: flag(status.turnstile_check) },
          ]}
        />
      </Flex>
    </Card>
  );
}
