import { useState, type ReactNode } from 'react';
import { GithubOutlined, SendOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '@/app/status/status-context';
import { useOAuthState } from '../api/get-oauth-state';
import { githubAuthorizeUrl, larkAuthorizeUrl } from '../oauth-urls';
import { WeChatLoginModal } from './wechat-login-modal';

function CircleButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button shape="circle" size="large" icon={icon} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}

/** Circular sign-in buttons, each shown only when the server status enables that method. */
export function OAuthButtons() {
  const { t } = useTranslation();
  const status = useStatus();
  const [weChatOpen, setWeChatOpen] = useState(false);
  const oauthState = useOAuthState();

  const { github_oauth: github, github_client_id: githubId, lark_client_id: larkId, wechat_login: weChat } = status;
  if (!github && !larkId && !weChat) return null;

  // The provider page opens in a new window; its callback route finishes the sign-in.
  const startOAuth = (authorizeUrl: (state: string) => string) => {
    oauthState.mutate(undefined, { onSuccess: (state) => window.open(authorizeUrl(state)) });
  };

  return (
    <>
      <Divider plain />
      <Flex justify="center" gap="middle">
        {github && githubId && (
          <CircleButton
            label={t('login.github')}
            icon={<GithubOutlined />}
            onClick={() => startOAuth((state) => githubAuthorizeUrl(githubId, state))}
          />
        )}
        {weChat && <CircleButton label={t('login.wechat')} icon={<WechatOutlined />} onClick={() => setWeChatOpen(true)} />}
        {larkId && (
          <CircleButton
            label={t('login.lark')}
            icon={<SendOutlined />}
            onClick={() => startOAuth((state) => larkAuthorizeUrl(larkId, state, window.location.origin))}
          />
        )}
      </Flex>
      {weChat && (
        <WeChatLoginModal open={weChatOpen} qrCode={status.wechat_qrcode ?? ''} onClose={() => setWeChatOpen(false)} />
      )}
    </>
  );
}
