import { InputNumber, Select, Tooltip, Typography } from 'antd';
import type { ChannelView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { formatBalance } from '../balance';

/** The balance in the provider's unit; a click asks the provider again. */
export function BalanceCell({ channel, onRefresh }: { channel: ChannelView; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('channels.clickToUpdate')}>
      <Typography.Link onClick={onRefresh} data-testid="channel-balance">
        {formatBalance(channel.type, channel.balance) ?? t('channels.balanceUnsupported')}
      </Typography.Link>
    </Tooltip>
  );
}

/** Edited in place; leaving the input saves it (one-api's behaviour). */
export function PriorityInput({ channel, onSave }: { channel: ChannelView; onSave: (text: string) => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('channels.priorityHint')}>
      <InputNumber
        key={channel.priority}
        size="small"
        precision={0}
        defaultValue={channel.priority}
        onBlur={(event) => onSave(event.target.value)}
        style={{ width: 72 }}
        data-testid="channel-priority"
      />
    </Tooltip>
  );
}

interface TestModelSelectProps {
  channel: ChannelView;
  value: string;
  onChange: (model: string) => void;
}

/** The model a test uses; the default ('') lets the server choose. */
export function TestModelSelect({ channel, value, onChange }: TestModelSelectProps) {
  const { t } = useTranslation();
  const models = channel.models.split(',').filter(Boolean);
  const options = [{ value: '', label: t('channels.defaultTestModel') }, ...models.map((model) => ({ value: model, label: model }))];
  return <Select size="small" showSearch value={value} options={options} onChange={onChange} style={{ minWidth: 160 }} data-testid="channel-test-model" />;
}
