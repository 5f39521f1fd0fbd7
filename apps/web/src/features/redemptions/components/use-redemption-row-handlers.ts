import { RedemptionStatus, type Redemption } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { showSuccess, showWarning } from '@/app/toasts/toast';
import type { PagedRows } from '@/components/list-kit/use-paged-rows';
import { copyText } from '@/lib/clipboard';
import { useDeleteRedemption, useSetRedemptionStatus } from '../api/redemption-row-actions';
import type { RedemptionRowHandlers } from './redemption-columns';

/** What the row buttons do; a refused copy goes into the search box for copying by hand (spec section 8). */
export function useRedemptionRowHandlers(list: PagedRows<Redemption>, showInSearchBox: (text: string) => void): RedemptionRowHandlers {
  const { t } = useTranslation();
  const setStatus = useSetRedemptionStatus();
  const deleteRedemption = useDeleteRedemption();

  return {
    copy: (code: Redemption) => {
      void copyText(code.key).then((copied) => {
        if (copied) {
          showSuccess(t('listKit.copied'));
        } else {
          showWarning(t('errors.copyFailed'));
          showInSearchBox(code.key);
        }
      });
    },
    toggle: (code: Redemption) => {
      const next = code.status === RedemptionStatus.Unused ? RedemptionStatus.Disabled : RedemptionStatus.Unused;
      setStatus.mutate(
        { id: code.id, status: next },
        {
          onSuccess: (saved) => {
            showSuccess(t('listKit.operationDone'));
            list.patchRow(code.id, { status: saved.status });
          },
        },
      );
    },
    remove: (code: Redemption) => {
      deleteRedemption.mutate(code.id, {
        onSuccess: () => {
          showSuccess(t('listKit.operationDone'));
          list.hideRow(code.id);
        },
      });
    },
  };
}
