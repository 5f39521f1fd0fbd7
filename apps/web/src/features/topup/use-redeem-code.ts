import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { showRequestError } from '@/app/toasts/show-request-error';
import { showError, showSuccess, showWarning } from '@/app/toasts/toast';
import { ApiFailure, HttpError } from '@/lib/api/errors';
import { redeemCode, selfQueryKey } from './api/topup-data';

/**
 * Redeems a code and adds the answer to the displayed quota. A refusal shows the server's message; an
 * exception shows 'request failed' (spec section 8), except a 401, which still goes to the login page.
 */
export function useRedeemCode(): { redeem: (code: string) => Promise<boolean>; pending: boolean } {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const redeem = async (code: string): Promise<boolean> => {
    const key = code.trim();
    if (key === '') {
      showWarning(t('topup.codeRequired'));
      return false;
    }
    setPending(true);
    try {
      const added = await redeemCode(key);
      showSuccess(t('topup.succeeded'));
      queryClient.setQueryData<UserView>(selfQueryKey, (user) => user && { ...user, quota: user.quota + added });
      return true;
    } catch (error) {
      if (error instanceof ApiFailure || (error instanceof HttpError && error.status === 401)) showRequestError(error);
      else showError(t('topup.requestFailed'));
      return false;
    } finally {
      setPending(false);
    }
  };
  return { redeem, pending };
}
