import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OptionItem } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '@/app/toasts/toast';
import { api } from '@/lib/api/client';
import type { OptionChange, Options } from '../option-diff';

const optionsKey = ['options'] as const;

/** GET /api/option/: every option as key -> string value (secrets come back blank). */
export function useOptions() {
  return useQuery({
    queryKey: optionsKey,
    queryFn: async (): Promise<Options> => Object.fromEntries((await api.get<OptionItem[]>('/api/option/')).map(({ key, value }) => [key, value])),
  });
}

/**
 * PUT /api/option/ for each change in turn, stopping at the first refusal (its message is the error toast).
 * Each saved value enters the cached options, so the next save compares against it; the status is
 * reloaded because branding, links and the quota display come from it.
 */
export function useSaveOptions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: readonly OptionChange[]) => {
      for (const change of changes) {
        await api.put<unknown>('/api/option/', change);
        queryClient.setQueryData<Options>(optionsKey, (options) => ({ ...options, [change.key]: change.value }));
      }
    },
    onSuccess: () => {
      showSuccess(t('adminSettings.saved'));
      void queryClient.invalidateQueries({ queryKey: ['status'] });
    },
  });
}

/** A boolean option is toggled by sending the opposite of its current 'true'/'false'. */
export function useToggleOption() {
  const save = useSaveOptions();
  return {
    toggle: (key: string, current: string) => save.mutate([{ key, value: current === 'true' ? 'false' : 'true' }]),
    isPending: save.isPending,
  };
}
