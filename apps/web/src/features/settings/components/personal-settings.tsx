import { useState } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { copyWithToast } from '@/app/toasts/copy-with-toast';
import { useAffCode } from '../api/get-aff-code';
import { useGenerateAccessToken } from '../api/generate-access-token';
import { PasskeysCard } from '../passkeys/passkeys-card';
import { TwoFactorCard } from '../two-factor/two-factor-card';
import { AccountBindings } from './account-bindings';
import { DeleteAccountModal } from './delete-account-modal';

function ReadOnlyValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Input readOnly value={value} data-testid={testId} />
    </Flex>
  );
}

/** The tab everyone sees. Values stay on screen after copying, in case the clipboard refused them. */
export function PersonalSettings() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const generateToken = useGenerateAccessToken();
  const affCode = useAffCode();
  const [accessToken, setAccessToken] = useState('');
  const [inviteLink, setInviteLink] = useState('');
  const [deleting, setDeleting] = useState(false);

  const onGenerateToken = () =>
    generateToken.mutate(undefined, {
      onSuccess: (token) => {
        setAccessToken(token);
        void copyWithToast(token, t('setting.tokenCopied'));
      },
    });

  const onCopyInvite = () =>
    affCode.mutate(undefined, {
      onSuccess: (code) => {
        const link = `${window.location.origin}/register?aff=${encodeURIComponent(code)}`;
        setInviteLink(link);
        void copyWithToast(link, t('setting.inviteCopied'));
      },
    });

  return (
    <Flex vertical gap="middle" style={{ maxWidth: 640 }}>
      <Typography.Title level={4}>{t('setting.general')}</Typography.Title>
      <Flex wrap gap="small">
        <Button onClick={() => void navigate('/user/edit')}>{t('setting.updateProfile')}</Button>
        <Button onClick={onGenerateToken} loading={generateToken.isPending} data-testid="generate-access-token">
          {t('setting.generateToken')}
        </Button>
        <Button onClick={onCopyInvite} loading={affCode.isPending} data-testid="copy-invite-link">
          {t('setting.copyInvite')}
        </Button>
        <Button danger onClick={() => setDeleting(true)} data-testid="delete-account">
          {t('setting.deleteAccount')}
        </Button>
      </Flex>
      {accessToken && <ReadOnlyValue label={t('setting.accessToken')} value={accessToken} testId="access-token" />}
      {inviteLink && <ReadOnlyValue label={t('setting.inviteLink')} value={inviteLink} testId="invite-link" />}
      <TwoFactorCard />
      <PasskeysCard />
      <AccountBindings />
      <DeleteAccountModal open={deleting} onClose={() => setDeleting(false)} />
    </Flex>
  );
}
