import { api } from '@/lib/api/client';

/** GET /api/oauth/state: a one-time state, kept in the session, that the provider's callback must bring back. */
export const getOAuthState = (): Promise<string> => api.get<string>('/api/oauth/state');
