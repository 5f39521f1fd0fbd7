import { Button, Space, type TableColumnsType } from 'antd';
import { RedemptionStatus, type Redemption } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteButton } from '@/components/list-kit/delete-button';
import { renderQuota } from '@/lib/format/quota';
import { formatTimestamp } from '@/lib/format/time';
import { RedemptionStatusTag } from './redemption-status-tag';

export interface RedemptionRowHandlers {
  copy: (redemption: Redemption) => void;
  toggle: (redemption: Redemption) => void;
  remove: (redemption: Redemption) => void;
}

/** The redemption table's columns; every data column sorts the loaded rows by its field. */
export function useRedemptionColumns(handlers: RedemptionRowHandlers): TableColumnsType<Redemption> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return [
    { key: 'id', title: t('redemptions.id'), sorter: true, render: (_, code) => code.id },
    { key: 'name', title: t('redemptions.name'), sorter: true, render: (_, code) => code.name || t('listKit.none') },
    { key: 'status', title: t('redemptions.status'), sorter: true, render: (_, code) => <RedemptionStatusTag status={code.status} /> },
    { key: 'quota', title: t('redemptions.quota'), sorter: true, render: (_, code) => renderQuota(code.quota) },
    { key: 'created_time', title: t('redemptions.createdTime'), sorter: true, render: (_, code) => formatTimestamp(code.created_time) },
    {
      key: 'redeemed_time',
      title: t('redemptions.redeemedTime'),
      sorter: true,
      render: (_, code) => (code.redeemed_time ? formatTimestamp(code.redeemed_time) : t('redemptions.notRedeemed')),
    },
    {
      key: 'actions',
      title: t('listKit.actions'),
      render: (_, code) => {
        const testId = `redemption-${code.id}`;
        return (
          <Space wrap size="small">
            <Button size="small" type="primary" onClick={() => handlers.copy(code)} data-testid={`${testId}-copy`}>
              {t('listKit.copy')}
            </Button>
            <DeleteButton confirmText={t('redemptions.deleteConfirm', { name: code.name })} onConfirm={() => handlers.remove(code)} testId={`${testId}-delete`} />
            <Button
              size="small"
              disabled={code.status === RedemptionStatus.Used}
              onClick={() => handlers.toggle(code)}
              data-testid={`${testId}-toggle`}
            >
              {code.status === RedemptionStatus.Unused ? t('listKit.disable') : t('listKit.enable')}
            </Button>
            <Button size="small" onClick={() => void navigate(`/redemption/edit/${code.id}`)} data-testid={`${testId}-edit`}>
              {t('listKit.edit')}
            </Button>
          </Space>
        );
      },
    },
  ];
}
