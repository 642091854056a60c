import { translated, type Catalog } from '../../shared/i18n/catalog.ts';

/** Every text of the menu's updates card, the list of updates and one update. */
export const en = {
  menuTitle: 'Updates from the programme',
  menuText: 'News, holidays and session changes',
  unread: (count: number) => (count === 1 ? '1 new update' : `${count} new updates`),
  title: 'Updates from the programme',
  subtitle: 'What the programme tells parents, newest first.',
  listLabel: 'Updates from the programme',
  empty: 'No updates yet.',
  new: 'New',
  urgent: 'Urgent',
  sentAt: (when: string) => `Sent ${when}`,
  lastUpdated: (when: string) => `Last updated ${when}`,
  failed: 'The updates could not be fetched. Check the connection and try again.',
  tryAgain: 'Try Again',
  itemTitle: 'Update from the programme',
  notFound: 'This update is not on this phone. It may have been withdrawn.',
  allUpdates: 'All Updates',
} as const;

export type AnnouncementsMessages = Catalog<typeof en>;

/** These texts in the page's language: read where they are shown, never kept at module level. */
export const announcementsText = (): AnnouncementsMessages => translated('announcements', en);
