import { useState } from 'react';
import { Button, Flex, Input, Modal, Typography } from 'antd';
import { WECHAT_CODE_VALID_MINUTES } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showSuccess } from '@/app/toasts/toast';
import { saveUser } from '@/lib/storage/user-store';
import { useWeChatLogin } from '../api/wechat-login';

interface WeChatLoginModalProps {
  open: boolean;
  qrCode: string;
  onClose: () => void;
}

/** WeChat sign-in: follow the official account, send it the keyword, type the code it answers. */
export function WeChatLoginModal({ open, qrCode, onClose }: WeChatLoginModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const login = useWeChatLogin();

  const submit = () => {
    if (!code) return;
    login.mutate(code, {
      onSuccess: (user) => {
        saveUser(user);
        showSuccess(t('login.success'));
        void navigate('/');
      },
    });
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('login.wechatTitle')} destroyOnHidden>
      <Flex vertical align="center" gap="middle">
        <img src={qrCode} alt={t('login.wechatQrAlt')} style={{ width: 200, maxWidth: '100%' }} />
        <Typography.Text type="secondary">{t('login.wechatHint', { minutes: WECHAT_CODE_VALID_MINUTES })}</Typography.Text>
        <Input
          name="wechat_code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onPressEnter={submit}
          placeholder={t('login.wechatCodePlaceholder')}
        />
        <Button type="primary" block onClick={submit} loading={login.isPending} data-testid="wechat-login-submit">
          {t('login.submit')}
        </Button>
      </Flex>
    </Modal>
  );
}
