import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '@/app/toasts/toast';
import { WeChatCodeForm } from '@/components/wechat/wechat-code-form';
import { useBindWeChat } from '../api/bind-wechat';

interface WeChatBindingModalProps {
  open: boolean;
  qrCode: string;
  onClose: () => void;
}

/** Binds WeChat to the signed-in account with the code the official account sends. */
export function WeChatBindingModal({ open, qrCode, onClose }: WeChatBindingModalProps) {
  const { t } = useTranslation();
  const bind = useBindWeChat();

  const submit = (code: string) =>
    bind.mutate(code, {
      onSuccess: () => {
        showSuccess(t('bindings.wechatBound'));
        onClose();
      },
    });

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('bindings.wechatTitle')} destroyOnHidden>
      <WeChatCodeForm qrCode={qrCode} submitLabel={t('bindings.submit')} pending={bind.isPending} onSubmit={submit} testId="wechat-bind-submit" />
    </Modal>
  );
}
