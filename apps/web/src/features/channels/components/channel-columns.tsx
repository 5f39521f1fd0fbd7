import type { TableColumnsType } from 'antd';
import type { ChannelView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { GroupTags } from '@/components/group-tags';
import { WIDE_SCREENS } from '@/components/list-kit/phone-columns';
import { renderQuota } from '@/lib/format/quota';
import { BalanceCell, PriorityInput, TestModelSelect } from './channel-cells';
import { ChannelRowActions } from './channel-row-actions';
import { BreakerTag, ChannelStatusTag, ChannelTypeTag, ResponseTimeTag } from './channel-tags';
import type { ChannelRowHandlers } from './use-channel-row-handlers';

interface ChannelColumnsOptions {
  handlers: ChannelRowHandlers;
  /** The detail toggle reveals the balance, used quota and test-model columns. */
  showDetail: boolean;
  testModelOf: (id: number) => string;
  setTestModel: (id: number, model: string) => void;
}

/** The channel table; the sortable columns sort the loaded rows by the field named by their key. */
export function useChannelColumns({ handlers, showDetail, testModelOf, setTestModel }: ChannelColumnsOptions): TableColumnsType<ChannelView> {
  const { t } = useTranslation();
  // On a phone: the name, the status and the actions; "show details" brings the others back there too.
  const responsive = showDetail ? undefined : WIDE_SCREENS;
  const columns: TableColumnsType<ChannelView> = [
    { key: 'id', dataIndex: 'id', title: t('channels.columns.id'), sorter: true, responsive },
    { key: 'name', title: t('channels.columns.name'), sorter: true, render: (_, channel) => channel.name || t('channels.noName') },
    { key: 'group', title: t('channels.columns.group'), sorter: true, responsive, render: (_, channel) => <GroupTags groups={channel.group} /> },
    { key: 'type', title: t('channels.columns.type'), sorter: true, responsive, render: (_, channel) => <ChannelTypeTag type={channel.type} /> },
    {
      key: 'status',
      title: t('channels.columns.status'),
      sorter: true,
      render: (_, channel) => (
        <>
          <ChannelStatusTag status={channel.status} />
          <BreakerTag breaker={channel.breaker} />
        </>
      ),
    },
    {
      key: 'response_time',
      title: t('channels.columns.responseTime'),
      sorter: true,
      responsive,
      render: (_, channel) => <ResponseTimeTag ms={channel.response_time} testTime={channel.test_time} />,
    },
    {
      key: 'balance',
      title: t('channels.columns.balance'),
      sorter: true,
      hidden: !showDetail,
      render: (_, channel) => <BalanceCell channel={channel} onRefresh={() => handlers.updateBalance(channel)} />,
    },
    {
      key: 'used_quota',
      title: t('channels.columns.usedQuota'),
      sorter: true,
      hidden: !showDetail,
      render: (_, channel) => <span data-testid="channel-used-quota">{renderQuota(channel.used_quota)}</span>,
    },
    {
      key: 'priority',
      title: t('channels.columns.priority'),
      sorter: true,
      responsive,
      render: (_, channel) => <PriorityInput channel={channel} onSave={(text) => handlers.setPriority(channel, text)} />,
    },
    {
      key: 'test_model',
      title: t('channels.columns.testModel'),
      hidden: !showDetail,
      render: (_, channel) => <TestModelSelect channel={channel} value={testModelOf(channel.id)} onChange={(model) => setTestModel(channel.id, model)} />,
    },
    {
      key: 'actions',
      title: t('channels.columns.actions'),
      render: (_, channel) => (
        <ChannelRowActions
          channel={channel}
          onTest={() => handlers.test(channel, testModelOf(channel.id))}
          onToggle={() => handlers.toggle(channel)}
          onDelete={() => handlers.remove(channel)}
        />
      ),
    },
  ];
  return columns;
}
