import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../session/use-current-user';
import type { LoginOriginState } from './login-origin';

/** The login guard: without a stored user, go to /login and remember where the visitor was heading. */
export function RequireLogin() {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) {
    const state: LoginOriginState = { from: location };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
