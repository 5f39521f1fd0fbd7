import { TokenStatus, type Token } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useStatus } from '@/app/status/status-context';
import { showSuccess, showWarning } from '@/app/toasts/toast';
import type { PagedRows } from '@/components/list-kit/use-paged-rows';
import { copyText } from '@/lib/clipboard';
import { useDeleteToken, useSetTokenStatus } from '../api/token-row-actions';
import { chatLinkFor, fullKey, serverAddressOf, type ChatTarget } from '../chat-links';
import type { TokenRowHandlers } from './token-columns';

/**
 * What the row buttons do. A copy the browser refuses is put into the search box instead, so the user
 * can still select it by hand (spec section 8).
 */
export function useTokenRowHandlers(list: PagedRows<Token>, showInSearchBox: (text: string) => void): TokenRowHandlers {
  const { t } = useTranslation();
  const status = useStatus();
  const setStatus = useSetTokenStatus();
  const deleteToken = useDeleteToken();
  const links = { chatLink: status.chat_link ?? '', serverAddress: serverAddressOf(status.server_address, window.location.origin) };

  return {
    copy: (token: Token, target: ChatTarget | undefined) => {
      const text = target ? chatLinkFor(target, token.key, links) : fullKey(token.key);
      void copyText(text).then((copied) => {
        if (copied) {
          showSuccess(t('listKit.copied'));
        } else {
          showWarning(t('errors.copyFailed'));
          showInSearchBox(text);
        }
      });
    },
    openChat: (token: Token, target: ChatTarget) => {
      window.open(chatLinkFor(target, token.key, links), '_blank', 'noopener');
    },
    toggle: (token: Token) => {
      const next = token.status === TokenStatus.Enabled ? TokenStatus.Disabled : TokenStatus.Enabled;
      setStatus.mutate(
        { id: token.id, status: next },
        {
          onSuccess: (saved) => {
            showSuccess(t('listKit.operationDone'));
            list.patchRow(token.id, { status: saved.status });
          },
        },
      );
    },
    remove: (token: Token) => {
      deleteToken.mutate(token.id, {
        onSuccess: () => {
          showSuccess(t('listKit.operationDone'));
          list.hideRow(token.id);
        },
      });
    },
  };
}
