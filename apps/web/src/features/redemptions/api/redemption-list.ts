import type { Redemption } from '@tollgate/contract';
import { api, withQuery } from '@/lib/api/client';

export const redemptionsKey = ['redemptions'] as const;

/** GET /api/redemption/?p=: one page of redemption codes, newest first. */
export const listRedemptions = (page: number): Promise<Redemption[]> => api.get<Redemption[]>(withQuery('/api/redemption/', { p: page }));

/** GET /api/redemption/search?keyword=: codes by id or name. */
export const searchRedemptions = (keyword: string): Promise<Redemption[]> =>
  api.get<Redemption[]>(withQuery('/api/redemption/search', { keyword }));
