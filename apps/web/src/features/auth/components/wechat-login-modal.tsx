import { Modal } from 'antd';
import { isSecondFactorChallenge } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showSuccess } from '@/app/toasts/toast';
import { WeChatCodeForm } from '@/components/wechat/wechat-code-form';
import { saveUser } from '@/lib/storage/user-store';
import { useWeChatLogin } from '../api/wechat-login';
import { secondFactorPath } from '../second-factor-step';

interface WeChatLoginModalProps {
  open: boolean;
  qrCode: string;
  onClose: () => void;
}

/** WeChat sign-in from the login screen; a WeChat sign-in lands on the home page (spec section 4). */
export function WeChatLoginModal({ open, qrCode, onClose }: WeChatLoginModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useWeChatLogin();

  const submit = (code: string) =>
    login.mutate(code, {
      onSuccess: (user) => {
        if (isSecondFactorChallenge(user)) {
          onClose();
          void navigate(secondFactorPath(user.methods));
          return;
        }
        saveUser(user);
        showSuccess(t('login.success'));
        onClose();
        void navigate('/');
      },
    });

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('login.wechatTitle')} destroyOnHidden>
      <WeChatCodeForm qrCode={qrCode} submitLabel={t('login.submit')} pending={login.isPending} onSubmit={submit} testId="wechat-login-submit" />
    </Modal>
  );
}
