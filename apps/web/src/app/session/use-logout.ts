import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api/client';
import { showSuccess } from '../toasts/toast';
import { useSignOut } from './use-sign-out';

/** Ends the server session; the local user is cleared even when the call fails, as one-api's console does. */
export function useLogout(): () => void {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const { mutate } = useMutation({
    mutationFn: () => api.get<unknown>('/api/user/logout'),
    onSettled: async () => {
      await signOut();
      showSuccess(t('header.logoutSuccess'));
    },
  });
  return () => mutate();
}
