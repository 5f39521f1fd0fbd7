import { useState } from 'react';
import { GithubOutlined, SendOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '@/app/status/status-context';
import { useSelf } from '@/app/session/use-self';
import { canStartOAuth } from '@/lib/oauth/authorize-urls';
import { useStartOAuth } from '@/lib/oauth/use-start-oauth';
import { EmailBinding } from './email-binding';
import { WeChatBindingModal } from './wechat-binding-modal';

/** What the account is bound to now, under its bind button; nothing when it is not bound. */
function BoundAs({ id, testId }: { id: string | undefined; testId: string }) {
  const { t } = useTranslation();
  if (!id) return null;
  return (
    <Typography.Text type="secondary" data-testid={testId}>
      {t('bindings.boundAs', { id })}
    </Typography.Text>
  );
}

/**
 * Personal settings, account binding: WeChat when WeChat sign-in is on, GitHub when GitHub OAuth is on, Lark
 * when a Lark app id is set, and email. GitHub and Lark open the provider in a new window; with this signed-in
 * session their callback binds instead of signing in, then shows the settings.
 */
export function AccountBindings() {
  const { t } = useTranslation();
  const status = useStatus();
  const self = useSelf();
  const { start, pending } = useStartOAuth(status);
  const [weChatOpen, setWeChatOpen] = useState(false);
  const user = self.data;

  return (
    <Flex vertical gap="middle" data-testid="account-bindings">
      <Typography.Title level={4}>{t('bindings.title')}</Typography.Title>
      <Flex wrap gap="middle">
        {status.wechat_login && (
          <Flex vertical gap={4}>
            <Button icon={<WechatOutlined />} onClick={() => setWeChatOpen(true)} data-testid="bind-wechat">
              {t('bindings.wechat')}
            </Button>
            <BoundAs id={user?.wechat_id} testId="bound-wechat" />
          </Flex>
        )}
        {canStartOAuth(status, 'github') && (
          <Flex vertical gap={4}>
            <Button icon={<GithubOutlined />} onClick={() => start('github')} loading={pending === 'github'} data-testid="bind-github">
              {t('bindings.github')}
            </Button>
            <BoundAs id={user?.github_id} testId="bound-github" />
          </Flex>
        )}
        {canStartOAuth(status, 'lark') && (
          <Flex vertical gap={4}>
            <Button icon={<SendOutlined />} onClick={() => start('lark')} loading={pending === 'lark'} data-testid="bind-lark">
              {t('bindings.lark')}
            </Button>
            <BoundAs id={user?.lark_id} testId="bound-lark" />
          </Flex>
        )}
      </Flex>
      <EmailBinding />
      {status.wechat_login && <WeChatBindingModal open={weChatOpen} qrCode={status.wechat_qrcode ?? ''} onClose={() => setWeChatOpen(false)} />}
    </Flex>
  );
}
