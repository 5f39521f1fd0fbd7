import { Popover, Typography } from 'antd';
import type { UserView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { truncateUsername } from '@/lib/format/text';

/** The username cut to 15 characters; hovering shows the display name and the email. */
export function UserNameCell({ user }: { user: UserView }) {
  const { t } = useTranslation();
  return (
    <Popover title={user.display_name || user.username} content={user.email || t('users.noEmail')}>
      <Typography.Text data-testid="user-name">{truncateUsername(user.username)}</Typography.Text>
    </Popover>
  );
}
