import type { ChannelBreakerView, ChannelView } from '@tollgate/contract';
import type { ChannelRow } from '../../db/schema.js';
import { withoutSecrets } from './channel-config.js';

const CLOSED: ChannelBreakerView = { state: 'closed', until: 0 };

/**
 * Strings never null (the console splits and parses them), and never the key or the config's secrets.
 * `breaker` is this node's circuit for the channel (the same on every node when Redis is configured).
 */
export function toChannelView(row: ChannelRow, breaker: ChannelBreakerView = CLOSED): ChannelView {
  return {
    id: row.id,
    type: row.type,
    key: '',
    status: row.status,
    name: row.name ?? '',
    weight: row.weight ?? 0,
    created_time: row.created_time ?? 0,
    test_time: row.test_time ?? 0,
    response_time: row.response_time ?? 0,
    base_url: row.base_url ?? '',
    other: row.other ?? '',
    balance: row.balance ?? 0,
    balance_updated_time: row.balance_updated_time ?? 0,
    models: row.models ?? '',
    group: row.group || 'default',
    used_quota: row.used_quota ?? 0,
    model_mapping: row.model_mapping ?? '',
    priority: row.priority ?? 0,
    config: withoutSecrets(row.config),
    system_prompt: row.system_prompt ?? '',
    breaker,
  };
}
