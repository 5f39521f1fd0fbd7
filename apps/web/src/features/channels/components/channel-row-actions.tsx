import { Button, Flex, Grid, Popconfirm } from 'antd';
import { ChannelStatus, type ChannelView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface ChannelRowActionsProps {
  channel: ChannelView;
  onTest: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

/** Test, delete (after a confirmation naming the channel), enable or disable, edit. */
export function ChannelRowActions({ channel, onTest, onToggle, onDelete }: ChannelRowActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // On a phone the four buttons go two by two, so the row fits the screen beside the name and the status.
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Flex wrap gap={4} style={phone ? { maxWidth: 150 } : undefined}>
      <Button size="small" type="primary" ghost onClick={onTest} data-testid="channel-test">
        {t('channels.actions.test')}
      </Button>
      <Popconfirm
        title={t('channels.actions.confirmDelete', { name: channel.name })}
        okText={t('channels.actions.confirmDelete', { name: channel.name })}
        okButtonProps={{ danger: true }}
        showCancel={false}
        onConfirm={onDelete}
      >
        <Button size="small" danger data-testid="channel-delete">
          {t('channels.actions.delete')}
        </Button>
      </Popconfirm>
      <Button size="small" onClick={onToggle} data-testid="channel-toggle">
        {channel.status === ChannelStatus.Enabled ? t('channels.actions.disable') : t('channels.actions.enable')}
      </Button>
      <Button size="small" onClick={() => void navigate(`/channel/edit/${channel.id}`)} data-testid="channel-edit">
        {t('channels.actions.edit')}
      </Button>
    </Flex>
  );
}
