import type { User } from '../../shared/webhook/types.ts';
import { unreadCount } from './announcement-list.ts';
import { useAnnouncements } from './use-announcements.ts';

/** The menu card's count: the saved copy's unread updates at once, then the webhook's. */
export function useUnreadAnnouncements(user: User | null): number {
  const { announcements } = useAnnouncements(user);
  return announcements ? unreadCount(announcements) : 0;
}
