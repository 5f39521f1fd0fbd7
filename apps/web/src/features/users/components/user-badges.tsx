import { Tag } from 'antd';
import { Role, UserStatus } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';

/** 1 ordinary user, 10 admin, 100 super admin; anything else is an unknown identity. */
export function RoleTag({ role }: { role: number }) {
  const { t } = useTranslation();
  switch (role) {
    case Role.Common:
      return <Tag>{t('users.roles.common')}</Tag>;
    case Role.Admin:
      return <Tag color="yellow">{t('users.roles.admin')}</Tag>;
    case Role.Root:
      return <Tag color="orange">{t('users.roles.root')}</Tag>;
    default:
      return <Tag color="red">{t('users.roles.unknown')}</Tag>;
  }
}

/** 1 activated, 2 banned, anything else unknown. */
export function UserStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  switch (status) {
    case UserStatus.Enabled:
      return <Tag color="green">{t('users.statuses.enabled')}</Tag>;
    case UserStatus.Disabled:
      return <Tag color="red">{t('users.statuses.disabled')}</Tag>;
    default:
      return <Tag color="grey">{t('users.statuses.unknown')}</Tag>;
  }
}
