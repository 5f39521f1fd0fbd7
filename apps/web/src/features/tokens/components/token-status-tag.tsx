import { Tag } from 'antd';
import { TokenStatus } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';

const BADGES = {
  [TokenStatus.Enabled]: { color: 'green', text: 'enabled' },
  [TokenStatus.Disabled]: { color: 'red', text: 'disabled' },
  [TokenStatus.Expired]: { color: 'gold', text: 'expired' },
  [TokenStatus.Exhausted]: { color: 'default', text: 'exhausted' },
} as const;

/** Token status badge: 1 enabled, 2 disabled, 3 expired, 4 exhausted, anything else unknown. */
export function TokenStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const badge = BADGES[status as TokenStatus] ?? { color: 'default', text: 'unknown' };
  return <Tag color={badge.color}>{t(`tokens.statuses.${badge.text}`)}</Tag>;
}
