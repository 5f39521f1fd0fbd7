import type { Location } from 'react-router';

/** The router state the login guard leaves, so the login page can send the user back. */
export interface LoginOriginState {
  from: Location;
}

/** Where to go after login: the guarded page that sent the visitor here, else the token list. */
export function loginOrigin(state: unknown, fallback = '/token'): string {
  const from = (state as Partial<LoginOriginState> | null)?.from;
  return from?.pathname ? `${from.pathname}${from.search}${from.hash}` : fallback;
}
