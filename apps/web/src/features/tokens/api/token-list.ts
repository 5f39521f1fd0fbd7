import type { Token, TokenOrder } from '@tollgate/contract';
import { api, withQuery } from '@/lib/api/client';

export const tokensKey = ['tokens'] as const;

/** GET /api/token/?p=&order=: one page of my tokens. */
export const listTokens = (page: number, order: TokenOrder): Promise<Token[]> => api.get<Token[]>(withQuery('/api/token/', { p: page, order }));

/** GET /api/token/search?keyword=: my tokens by name. */
export const searchTokens = (keyword: string): Promise<Token[]> => api.get<Token[]>(withQuery('/api/token/search', { keyword }));
