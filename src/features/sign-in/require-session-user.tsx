import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { routePath } from '../../shared/i18n/locale.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { useSessionUser } from './use-session-user.ts';

/**
 * The spec: every registered-parent screen but sign-in needs the session
 * user. Its prerendered page and the hydration of it show the screen's frame,
 * as no session exists at build time; without a session, sign-in follows.
 */
export function RequireSessionUser() {
  const { user } = useSessionUser();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  if (!hydrated) return <Outlet />;
  if (!user) {
    // The router renders navigations as transitions, so on Logout the address bar already shows the
    // home page while this still renders: redirecting now would replace that navigation with sign-in.
    // The address has the locale prefix (/hi/…) and the router's path has not: compare like with like.
    if (routePath(window.location.pathname) !== pathname) return null;
    return <Navigate to={paths.signIn} replace />;
  }
  return <Outlet />;
}
