import { Flex, Tag, Tooltip } from 'antd';
import type { UserView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { formatCount, renderQuota } from '@/lib/format/quota';

/** Remaining quota, used quota and request count, each labelled on hover. */
export function UserStatsCell({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const stats = [
    { label: t('users.remainingQuota'), value: renderQuota(user.quota) },
    { label: t('users.usedQuota'), value: renderQuota(user.used_quota) },
    { label: t('users.requestCount'), value: formatCount(user.request_count) },
  ];
  return (
    <Flex wrap gap={4}>
      {stats.map((stat) => (
        <Tooltip key={stat.label} title={stat.label}>
          <Tag>{stat.value}</Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}
