import { useMutation } from '@tanstack/react-query';
import type { ManageAction, ManageUserResult } from '@tollgate/contract';
import { api } from '@/lib/api/client';

/** POST /api/user/manage: the row then takes the role and status the server answers. */
export function useManageUser() {
  return useMutation({
    mutationFn: (body: { username: string; action: ManageAction }) => api.post<ManageUserResult>('/api/user/manage', body),
  });
}
