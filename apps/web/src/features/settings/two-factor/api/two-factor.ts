import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, SecondFactorRequest, TotpCodeRequest, TwoFactorSetup, TwoFactorStatus } from '@tollgate/contract';
import { api } from '@/lib/api/client';

const STATUS_KEY = ['two-factor', 'status'];

/** GET /api/user/2fa/status */
export const useTwoFactorStatus = () => useQuery({ queryKey: STATUS_KEY, queryFn: () => api.get<TwoFactorStatus>('/api/user/2fa/status') });

/** A mutation that refreshes the status once it succeeds. */
function useTwoFactorMutation<TBody, TData>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => api.post<TData>(path, body),
    onSuccess: () => client.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

/** POST /api/user/2fa/setup: a new secret, its URI and QR code. */
export const useBeginSetup = () => useTwoFactorMutation<undefined, TwoFactorSetup>('/api/user/2fa/setup');
/** POST /api/user/2fa/enable: answers the recovery codes, once. */
export const useEnable = () => useTwoFactorMutation<TotpCodeRequest, RecoveryCodes>('/api/user/2fa/enable');
/** POST /api/user/2fa/disable with a code or a recovery code. */
export const useDisable = () => useTwoFactorMutation<SecondFactorRequest, undefined>('/api/user/2fa/disable');
/** POST /api/user/2fa/backup_codes: ten new recovery codes. */
export const useRegenerateCodes = () => useTwoFactorMutation<TotpCodeRequest, RecoveryCodes>('/api/user/2fa/backup_codes');
