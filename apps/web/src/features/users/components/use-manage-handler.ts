import type { ManageAction, UserView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '@/app/toasts/toast';
import type { PagedRows } from '@/components/list-kit/use-paged-rows';
import { useManageUser } from '../api/manage-user';

/** Runs a manage action; the row takes the server's role and status, or disappears when deleted. */
export function useManageHandler(list: PagedRows<UserView>) {
  const { t } = useTranslation();
  const manage = useManageUser();
  return (user: UserView, action: ManageAction) =>
    manage.mutate(
      { username: user.username, action },
      {
        onSuccess: (result) => {
          showSuccess(t('users.operationSuccess'));
          if (action === 'delete') list.hideRow(user.id);
          else list.patchRow(user.id, { role: result.role, status: result.status });
        },
      },
    );
}
