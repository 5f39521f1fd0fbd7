import { useSyncExternalStore } from 'react';
import type { LoginUser } from '@tollgate/contract';
import { getStoredUser, subscribeUser } from '@/lib/storage/user-store';

/** The signed-in user from localStorage, re-rendering on login, logout and 401 alike. */
export function useCurrentUser(): LoginUser | null {
  return useSyncExternalStore(subscribeUser, getStoredUser, getStoredUser);
}
