import { Button, Popconfirm, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showInfo, showSuccess } from '@/app/toasts/toast';
import { useDeleteDisabledChannels, useTestChannels } from '../api/channel-bulk-actions';

interface ChannelListFooterProps {
  showDetail: boolean;
  onShowDetail: (show: boolean) => void;
  onRefresh: () => void;
}

/** Add, the bulk actions, refresh and the detail toggle, left of the pager. */
export function ChannelListFooter({ showDetail, onShowDetail, onRefresh }: ChannelListFooterProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const testChannels = useTestChannels();
  const deleteDisabled = useDeleteDisabledChannels();

  const test = (scope: 'all' | 'disabled') => testChannels.mutate(scope, { onSuccess: () => showInfo(t('channels.toasts.testStarted')) });
  const removeDisabled = () =>
    deleteDisabled.mutate(undefined, {
      onSuccess: (count) => {
        showSuccess(t('channels.toasts.disabledDeleted', { count }));
        onRefresh();
      },
    });

  return (
    <>
      <Button type="primary" onClick={() => void navigate('/channel/add')} data-testid="channel-add">
        {t('channels.actions.add')}
      </Button>
      <Button onClick={() => test('all')} loading={testChannels.isPending && testChannels.variables === 'all'} data-testid="channel-test-all">
        {t('channels.actions.testAll')}
      </Button>
      <Button onClick={() => test('disabled')} loading={testChannels.isPending && testChannels.variables === 'disabled'} data-testid="channel-test-disabled">
        {t('channels.actions.testDisabled')}
      </Button>
      <Popconfirm title={t('channels.actions.confirmDeleteDisabled')} okButtonProps={{ danger: true }} onConfirm={removeDisabled}>
        <Button danger loading={deleteDisabled.isPending} data-testid="channel-delete-disabled">
          {t('channels.actions.deleteDisabled')}
        </Button>
      </Popconfirm>
      <Button onClick={onRefresh} data-testid="channel-refresh">
        {t('channels.actions.refresh')}
      </Button>
      <Switch checked={showDetail} onChange={onShowDetail} data-testid="channel-detail-toggle" />
      <Typography.Text>{t('channels.showDetail')}</Typography.Text>
    </>
  );
}
