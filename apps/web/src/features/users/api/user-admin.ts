import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest, UserView } from '@tollgate/contract';
import { api } from '@/lib/api/client';
import { usersKey } from './user-list';

/** GET /api/user/{id}: another user, for the admin's edit form. */
export function useUser(id: number) {
  return useQuery({ queryKey: [...usersKey, 'one', id], queryFn: () => api.get<UserView>(`/api/user/${id}`) });
}

/** POST /api/user/: a new ordinary user. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => api.post<unknown>('/api/user/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

/** The loaded user sent back whole with the edits (one-api's console does so); '' keeps the password. */
export type AdminUserUpdate = UserView & { password: string };

/** PUT /api/user/: the admin edits another user, group and quota included. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: AdminUserUpdate) => api.put<unknown>('/api/user/', user),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
