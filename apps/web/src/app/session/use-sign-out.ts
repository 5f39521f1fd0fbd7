import { useNavigate } from 'react-router';
import { clearUser } from '@/lib/storage/user-store';

/**
 * Forgets the local user and shows /login. Leaving the page first matters: clearing the user on a
 * guarded page would make its guard redirect too, remembering that page as the next login's target.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await navigate('/login');
    clearUser();
  };
}
