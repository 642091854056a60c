import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { pageSharedFiles } from '../../shared/share/share-target-store.ts';
import { pageAnnouncementsCache } from '../announcements/announcements-cache.ts';
import { forgetConversation } from '../conversation/thread/forget-conversation.ts';
import { deviceToken, unsubscribeDevice } from '../notifications/push-device.ts';
import { pageScheduleCache } from '../schedule/page-schedule-cache.ts';
import { useSessionUser } from '../sign-in/use-session-user.ts';

/**
 * The one way a parent leaves (the spec): everything logging out must do is
 * added here, so every Logout button does all of it. Phones are shared, so
 * the parent's saved schedule and updates go too, and so does anything shared to the
 * portal but never sent. Their saved requests stay: the outbox still sends
 * them (the menu warns before logging out). This phone's notifications are
 * turned off, in the browser and on the server, so the next person on the
 * phone never gets this parent's; then the conversation's token is ended on
 * the server and forgotten here with the thread.
 */
export function useLogOut(): () => Promise<void> {
  const navigate = useNavigate();
  const { user, signOut } = useSessionUser();
  return useCallback(async () => {
    if (user) {
      // Before the token is revoked: the server's unsubscribe needs it.
      await unsubscribeDevice(await deviceToken(user).catch(() => undefined)).catch(() => {
        // A browser that refuses leaves a subscription whose token is revoked next: the server sends it nothing.
      });
      await forgetConversation(user);
      await pageScheduleCache()
        .clear(user)
        .catch(() => {
          // Logging out must not hang on storage; a record left behind is shown only to this same parent.
        });
      await pageAnnouncementsCache()
        .clear(user)
        .catch(() => {
          // As the schedule: shown only to this same parent.
        });
    }
    await pageSharedFiles()
      .clear()
      .catch(() => {
        // As above: a share left behind waits for whoever signs in next, as it would have before logout.
      });
    // Navigate first: the session guard then sees a navigation under way and lets it land on the home page.
    navigate(paths.home);
    signOut();
  }, [navigate, signOut, user]);
}
