import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

interface DeleteButtonProps {
  /** The confirmation button's text, naming what goes, e.g. 'delete token {name}'. */
  confirmText: string;
  onConfirm: () => void;
  loading?: boolean;
  testId?: string;
}

/** A delete button that asks first: the popup holds the real, named delete button (one-api's pattern). */
export function DeleteButton({ confirmText, onConfirm, loading, testId }: DeleteButtonProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={confirmText}
      okText={t('listKit.delete')}
      cancelText={t('listKit.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button size="small" danger loading={loading} data-testid={testId}>
        {t('listKit.delete')}
      </Button>
    </Popconfirm>
  );
}
