import { STORAGE_KEYS, type LoginUser } from '@tollgate/contract';

/**
 * The signed-in user lives in localStorage (the login guard and one-api's scripts read it there).
 * This store adds change notifications so React can follow it with useSyncExternalStore.
 */
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedUser: LoginUser | null = null;

function parseUser(raw: string | null): LoginUser | null {
  if (raw === null) return null;
  try {
    const user = JSON.parse(raw) as LoginUser;
    return { ...user, role: Number(user.role) };
  } catch {
    return null;
  }
}

/** Returns the same object while the stored text is unchanged, as useSyncExternalStore requires. */
export function getStoredUser(): LoginUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = parseUser(raw);
  }
  return cachedUser;
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function saveUser(user: LoginUser): void {
  // The role must stay numeric: isAdmin/isRoot compare it as a number.
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, role: Number(user.role) }));
  notify();
}

export function clearUser(): void {
  localStorage.removeItem(STORAGE_KEYS.user);
  notify();
}

/** Also follows sign-in and sign-out made in other tabs. */
export function subscribeUser(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
