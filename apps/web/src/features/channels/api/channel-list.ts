import type { ChannelView } from '@tollgate/contract';
import { api, withQuery } from '@/lib/api/client';

export const channelsKey = ['channels'] as const;

/** GET /api/channel/?p=: one page of channels, newest first. */
export const listChannels = (page: number): Promise<ChannelView[]> => api.get<ChannelView[]>(withQuery('/api/channel/', { p: page }));

/** GET /api/channel/search?keyword=: channels by ID, name or key. */
export const searchChannels = (keyword: string): Promise<ChannelView[]> => api.get<ChannelView[]>(withQuery('/api/channel/search', { keyword }));
