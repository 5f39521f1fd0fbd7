import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { LogView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { WIDE_SCREENS } from '@/components/list-kit/phone-columns';
import { USD } from '@/lib/format/money';
import { readQuotaDisplay, renderQuota } from '@/lib/format/quota';
import { formatTimestamp } from '@/lib/format/time';
import { displayContent } from '../log-content';
import { costBreakdown } from '../log-costs';
import { logOtherView } from '../log-other';
import { localizedLogText } from '../log-text';
import { LogCostsPopover } from './log-costs-popover';
import { CacheHitTag } from './cache-hit-tag';
import { ChannelChainTag, DroppedTag, FallbackTag, InterruptedTag, PassthroughTag, ProtocolTag, StatusTag, TokenKindText } from './log-other-tags';
import { LogTypeTag } from './log-type-tag';

/** Zero counts stay blank, as in one-api: top-up and management rows have no tokens. */
const blankZero = (value: number) => (value ? value : '');

function LogDetails({ log }: { log: LogView }) {
  const { t } = useTranslation();
  // The status, the channels tried and the protocol go ahead of the content, where a long content cannot push them out of sight.
  const other = logOtherView(log.other);
  const display = readQuotaDisplay();
  const costs = costBreakdown(log.other, display.quotaPerUnit, display.currency, log.quota);
  return (
    <Space size={4} wrap>
      {other.failure && <StatusTag status={other.failure.status} />}
      {other.failure && <ChannelChainTag channels={other.failure.channels} />}
      {other.fallback && <FallbackTag steps={other.fallback} {...(other.failure || !log.model_name ? {} : { answered: log.model_name })} />}
      {other.protocol && <ProtocolTag label={other.protocol} />}
      {other.passthrough && <PassthroughTag />}
      {other.cacheHit && <CacheHitTag />}
      {other.interrupted && <InterruptedTag by={other.interrupted} />}
      {other.dropped && <DroppedTag names={other.dropped} />}
      <Typography.Text>{displayContent(localizedLogText(log.content, t), display.currency ?? USD)}</Typography.Text>
      {other.lines.map((line) => (
        <TokenKindText key={line.kind} line={line} />
      ))}
      {costs && costs.lines.length > 0 && <LogCostsPopover breakdown={costs} />}
      {log.elapsed_time > 0 && <Tag>{log.elapsed_time} ms</Tag>}
      {log.is_stream && <Tag color="magenta">{t('logs.stream')}</Tag>}
    </Space>
  );
}

/** The log table's columns; channel and user only for administrators. Every column sorts the loaded rows. */
export function useLogColumns(admin: boolean): TableColumnsType<LogView> {
  const { t } = useTranslation();
  // On a phone: when, what kind, which model, what it cost and the details; the rest from a tablet's width up.
  const adminColumns: TableColumnsType<LogView> = [
    { key: 'channel', title: t('logs.columns.channel'), sorter: true, responsive: WIDE_SCREENS, render: (_, log) => (log.channel ? <Tag>{log.channel}</Tag> : '') },
    { key: 'username', title: t('logs.columns.user'), sorter: true, responsive: WIDE_SCREENS, render: (_, log) => (log.username ? <Tag>{log.username}</Tag> : '') },
  ];
  return [
    { key: 'created_at', title: t('logs.columns.time'), sorter: true, render: (_, log) => formatTimestamp(log.created_at) },
    ...(admin ? adminColumns : []),
    { key: 'token_name', title: t('logs.columns.token'), sorter: true, responsive: WIDE_SCREENS, render: (_, log) => (log.token_name ? <Tag color="blue">{log.token_name}</Tag> : '') },
    { key: 'type', title: t('logs.columns.type'), sorter: true, render: (_, log) => <LogTypeTag type={log.type} /> },
    { key: 'model_name', title: t('logs.columns.model'), sorter: true, render: (_, log) => (log.model_name ? <Tag color="cyan">{log.model_name}</Tag> : '') },
    { key: 'prompt_tokens', title: t('logs.columns.prompt'), sorter: true, responsive: WIDE_SCREENS, render: (_, log) => blankZero(log.prompt_tokens) },
    { key: 'completion_tokens', title: t('logs.columns.completion'), sorter: true, responsive: WIDE_SCREENS, render: (_, log) => blankZero(log.completion_tokens) },
    { key: 'quota', title: t('logs.columns.quota'), sorter: true, render: (_, log) => (log.quota ? renderQuota(log.quota, 6) : '') },
    { key: 'content', title: t('logs.columns.details'), sorter: true, render: (_, log) => <LogDetails log={log} /> },
  ];
}
