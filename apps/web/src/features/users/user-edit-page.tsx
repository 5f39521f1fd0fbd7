import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useUser } from './api/user-admin';
import { ResetTwoFactorButton } from './components/reset-two-factor-button';
import { UserEditForm } from './components/user-edit-form';

/** /user/edit/:id: an administrator edits another user, group and quota included. */
export function UserEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { data: user, isPending } = useUser(id);

  return (
    <Card title={t('users.form.editTitle')} style={{ maxWidth: 640, margin: '0 auto' }}>
      {isPending ? (
        <Skeleton active />
      ) : (
        user && (
          <>
            <UserEditForm user={user} />
            <ResetTwoFactorButton userId={user.id} />
          </>
        )
      )}
    </Card>
  );
}
