import type { UserOrder, UserView } from '@tollgate/contract';
import { api, withQuery } from '@/lib/api/client';

export const usersKey = ['users'] as const;

/** GET /api/user/?p=&order=: one page of users ('' lists the newest first). */
export const listUsers = (page: number, order: UserOrder): Promise<UserView[]> => api.get<UserView[]>(withQuery('/api/user/', { p: page, order }));

/** GET /api/user/search?keyword=: users by ID, username, display name or email. */
export const searchUsers = (keyword: string): Promise<UserView[]> => api.get<UserView[]>(withQuery('/api/user/search', { keyword }));
