import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSessionUser } from './use-session-user.ts';

/**
 * The one way a parent leaves (spec §4): everything logging out must do is
 * added here, so every Logout button does all of it. Async so that a step
 * needing to wait (or to ask the parent first) can be added without
 * changing the callers.
 */
export function useLogOut(): () => Promise<void> {
  const navigate = useNavigate();
  const { signOut } = useSessionUser();
  return useCallback(async () => {
    // Navigate first: the session guard then sees a navigation under way and lets it land on the home page.
    navigate(paths.home);
    signOut();
  }, [navigate, signOut]);
}
