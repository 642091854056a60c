import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSessionUser } from './use-session-user.ts';

/** Spec §2, §6: every registered-parent screen but sign-in needs the session user. */
export function RequireSessionUser() {
  const { user } = useSessionUser();
  const { pathname } = useLocation();
  if (!user) {
    // The router renders navigations as transitions, so on Logout the address bar already shows the
    // home page while this still renders: redirecting now would replace that navigation with sign-in.
    if (window.location.pathname !== pathname) return null;
    return <Navigate to={paths.signIn} replace />;
  }
  return <Outlet />;
}
