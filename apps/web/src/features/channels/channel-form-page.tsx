import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useChannel } from './api/channel-form-data';
import { useModelsByType } from './api/channel-models';
import { ChannelForm } from './form/channel-form';

/** /channel/add and /channel/edit/:id */
export function ChannelFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const channelId = id === undefined ? undefined : Number(id);
  const channel = useChannel(channelId);
  // Fills the type -> models cache that "fill type models" and a type change read.
  useModelsByType();

  const editing = channelId !== undefined;
  // A channel that failed to load shows nothing: the error was already a toast.
  const body = !editing ? <ChannelForm key="new" /> : channel.data ? <ChannelForm key={channelId} loaded={channel.data} /> : channel.isPending && <Skeleton active />;
  return (
    <Card title={editing ? t('channels.form.editTitle') : t('channels.form.createTitle')} style={{ maxWidth: 960, margin: '0 auto' }}>
      {body}
    </Card>
  );
}
