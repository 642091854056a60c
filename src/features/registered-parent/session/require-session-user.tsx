import { Navigate, Outlet } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSessionUser } from './use-session-user.ts';

/** Spec §2, §6: every registered-parent screen but sign-in needs the session user. */
export function RequireSessionUser() {
  const { user } = useSessionUser();
  if (!user) return <Navigate to={paths.signIn} replace />;
  return <Outlet />;
}
