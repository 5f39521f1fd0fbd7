import { useState, type ReactNode } from 'react';
import { GithubOutlined, IdcardOutlined, SendOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '@/app/status/status-context';
import { canStartOAuth } from '@/lib/oauth/authorize-urls';
import { useStartOAuth } from '@/lib/oauth/use-start-oauth';
import { WeChatLoginModal } from './wechat-login-modal';

interface CircleButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  loading?: boolean;
  testId: string;
}

function CircleButton({ label, icon, onClick, loading, testId }: CircleButtonProps) {
  return (
    <Tooltip title={label}>
      <Button shape="circle" size="large" icon={icon} aria-label={label} onClick={onClick} loading={loading} data-testid={testId} />
    </Tooltip>
  );
}

/**
 * Circular sign-in buttons, each shown only when the server status enables that method. GitHub, Lark and
 * OIDC open the provider in a new window; WeChat asks for the code its official account sends.
 */
export function OAuthButtons() {
  const { t } = useTranslation();
  const status = useStatus();
  const [weChatOpen, setWeChatOpen] = useState(false);
  const { start, pending } = useStartOAuth(status);

  const github = canStartOAuth(status, 'github');
  const lark = canStartOAuth(status, 'lark');
  const oidc = canStartOAuth(status, 'oidc');
  const weChat = Boolean(status.wechat_login);
  if (!github && !lark && !oidc && !weChat) return null;

  return (
    <>
      <Divider plain />
      <Flex justify="center" gap="middle" data-testid="oauth-buttons">
        {github && <CircleButton label={t('login.github')} icon={<GithubOutlined />} onClick={() => start('github')} loading={pending === 'github'} testId="oauth-github" />}
        {weChat && <CircleButton label={t('login.wechat')} icon={<WechatOutlined />} onClick={() => setWeChatOpen(true)} testId="oauth-wechat" />}
        {lark && <CircleButton label={t('login.lark')} icon={<SendOutlined />} onClick={() => start('lark')} loading={pending === 'lark'} testId="oauth-lark" />}
        {oidc && <CircleButton label={t('oauth.oidc')} icon={<IdcardOutlined />} onClick={() => start('oidc')} loading={pending === 'oidc'} testId="oauth-oidc" />}
      </Flex>
      {weChat && <WeChatLoginModal open={weChatOpen} qrCode={status.wechat_qrcode ?? ''} onClose={() => setWeChatOpen(false)} />}
    </>
  );
}
