import { Tag, Tooltip } from 'antd';
import { ChannelStatus, channelType, type ChannelBreakerView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { formatTimeOfDay, formatTimestamp } from '@/lib/format/time';
import { responseTimeColor } from '@/lib/format/colors';

/** The provider label in the console's language, in the catalog's colour. */
export function ChannelTypeTag({ type }: { type: number }) {
  const { t, i18n } = useTranslation();
  const known = channelType(type);
  if (!known) return <Tag color="grey">{t('channels.unknownType')}</Tag>;
  return <Tag color={known.color}>{i18n.language === 'en' ? known.label : known.labelZh}</Tag>;
}

/** 1 enabled (green), 2 disabled by hand (red), 3 disabled by the program (yellow), else unknown. */
export function ChannelStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  switch (status) {
    case ChannelStatus.Enabled:
      return <Tag color="green">{t('channels.statuses.enabled')}</Tag>;
    case ChannelStatus.ManuallyDisabled:
      return (
        <Tooltip title={t('channels.statuses.manuallyDisabled')}>
          <Tag color="red">{t('channels.statuses.disabled')}</Tag>
        </Tooltip>
      );
    case ChannelStatus.AutoDisabled:
      return (
        <Tooltip title={t('channels.statuses.autoDisabled')}>
          <Tag color="yellow">{t('channels.statuses.disabled')}</Tag>
        </Tooltip>
      );
    default:
      return <Tag color="grey">{t('channels.statuses.unknown')}</Tag>;
  }
}

/**
 * The circuit breaker beside the status: "cooling down until HH:mm:ss" while routing skips the channel,
 * "probing" once the cooldown is over; nothing while closed (or from a server without a breaker).
 */
export function BreakerTag({ breaker }: { breaker?: ChannelBreakerView }) {
  const { t } = useTranslation();
  if (breaker?.state === 'open') {
    return (
      <Tooltip title={t('channels.breaker.coolingHint')}>
        <Tag color="orange" data-testid="channel-breaker">
          {t('channels.breaker.coolingUntil', { time: formatTimeOfDay(breaker.until) })}
        </Tag>
      </Tooltip>
    );
  }
  if (breaker?.state === 'half-open') {
    return (
      <Tooltip title={t('channels.breaker.probingHint')}>
        <Tag color="gold" data-testid="channel-breaker">
          {t('channels.breaker.probing')}
        </Tag>
      </Tooltip>
    );
  }
  return null;
}

/** Seconds, coloured by the thresholds; 0 means never tested. Hovering shows when the last test ran. */
export function ResponseTimeTag({ ms, testTime }: { ms: number; testTime: number }) {
  const { t } = useTranslation();
  const text = ms === 0 ? t('channels.notTested') : t('channels.seconds', { seconds: (ms / 1000).toFixed(2) });
  return (
    <Tooltip title={testTime ? formatTimestamp(testTime) : t('channels.notTested')}>
      <Tag color={responseTimeColor(ms)} data-testid="channel-response-time">
        {text}
      </Tag>
    </Tooltip>
  );
}
