/** Every route of the portal, in one table (the spec). */
export const paths = {
  home: '/',
  signIn: '/registered-parent',
  menu: '/registered-parent/menu',
  schedule: '/registered-parent/schedule',
  reschedule: '/registered-parent/reschedule',
  chat: '/registered-parent/chat',
  /** The manifest's share_target action: a POST the service worker answers (sw/share-target.ts), never a page. */
  chatShare: '/registered-parent/chat/share',
  outbox: '/registered-parent/outbox',
  notifications: '/registered-parent/notifications',
  announcements: '/registered-parent/updates',
  /** One update: its id in the query (`announcementPath`), so the page is prerendered once for every update. */
  announcement: '/registered-parent/update',
  visitorWelcome: '/new-to-thrive',
  bookConsult: '/new-to-thrive/book-consult',
  scheduleCall: '/new-to-thrive/schedule-call',
  knowMore: '/new-to-thrive/know-more',
} as const;

/** One update's address, the one a notification's tap opens too. */
export const announcementPath = (id: string): string =>
  `${paths.announcement}?${new URLSearchParams({ id }).toString()}`;
