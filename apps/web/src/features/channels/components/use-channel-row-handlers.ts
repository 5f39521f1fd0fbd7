import { ChannelStatus, type ChannelView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { showRequestError } from '@/app/toasts/show-request-error';
import { showInfo, showSuccess } from '@/app/toasts/toast';
import type { PagedRows } from '@/components/list-kit/use-paged-rows';
import { ApiFailure } from '@/lib/api/errors';
import { useDeleteChannel, useQuickChange, useTestChannel, useUpdateBalance } from '../api/channel-row-actions';

export interface ChannelRowHandlers {
  test: (channel: ChannelView, model: string) => void;
  toggle: (channel: ChannelView) => void;
  remove: (channel: ChannelView) => void;
  setPriority: (channel: ChannelView, text: string) => void;
  updateBalance: (channel: ChannelView) => void;
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** What the row controls do; each row takes the server's answer without reloading the list. */
export function useChannelRowHandlers(list: PagedRows<ChannelView>): ChannelRowHandlers {
  const { t } = useTranslation();
  const quickChange = useQuickChange();
  const deleteChannel = useDeleteChannel();
  const testChannel = useTestChannel();
  const updateBalance = useUpdateBalance();
  /** The success toast, then the row takes the answer. */
  const done = (patchRow: () => void) => {
    showSuccess(t('channels.toasts.operationSuccess'));
    patchRow();
  };

  return {
    test: (channel, model) =>
      testChannel.mutate(
        { id: channel.id, model },
        {
          onSuccess: (reply) => {
            // A failed test still took time: the row shows it either way (spec section 4).
            const seconds = reply.time ?? 0;
            list.patchRow(channel.id, { response_time: Math.round(seconds * 1000), test_time: nowSeconds() });
            if (!reply.success) return showRequestError(new ApiFailure(reply.message));
            const tested = reply.model ?? reply.modelName ?? model;
            showInfo(t('channels.toasts.testSucceeded', { name: channel.name, model: tested, seconds: seconds.toFixed(2) }));
          },
        },
      ),
    toggle: (channel) => {
      const status = channel.status === ChannelStatus.Enabled ? ChannelStatus.ManuallyDisabled : ChannelStatus.Enabled;
      quickChange.mutate({ id: channel.id, status }, { onSuccess: (saved) => done(() => list.patchRow(channel.id, { status: saved.status })) });
    },
    remove: (channel) => deleteChannel.mutate(channel.id, { onSuccess: () => done(() => list.hideRow(channel.id)) }),
    setPriority: (channel, text) => {
      // An emptied or unchanged input sends nothing.
      const priority = Number.parseInt(text, 10);
      if (Number.isNaN(priority) || priority === channel.priority) return;
      quickChange.mutate({ id: channel.id, priority }, { onSuccess: () => done(() => list.patchRow(channel.id, { priority })) });
    },
    updateBalance: (channel) =>
      updateBalance.mutate(channel.id, {
        onSuccess: (reply) => {
          if (!reply.success) return showRequestError(new ApiFailure(reply.message));
          list.patchRow(channel.id, { balance: reply.balance ?? 0, balance_updated_time: nowSeconds() });
          showInfo(t('channels.toasts.balanceUpdated', { name: channel.name }));
        },
      }),
  };
}
