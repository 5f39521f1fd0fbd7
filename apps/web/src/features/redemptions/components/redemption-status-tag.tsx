import { Tag } from 'antd';
import { RedemptionStatus } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';

const BADGES = {
  [RedemptionStatus.Unused]: { color: 'green', text: 'unused' },
  [RedemptionStatus.Disabled]: { color: 'red', text: 'disabled' },
  [RedemptionStatus.Used]: { color: 'default', text: 'used' },
} as const;

/** Redemption status badge: 1 unused, 2 disabled, 3 used, anything else unknown. */
export function RedemptionStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const badge = BADGES[status as RedemptionStatus] ?? { color: 'default', text: 'unknown' };
  return <Tag color={badge.color}>{t(`redemptions.statuses.${badge.text}`)}</Tag>;
}
