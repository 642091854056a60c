import { translated, type Catalog } from '../../shared/i18n/catalog.ts';

/** Every text the menu and its logout warning show (the spec's English is exact). */
export const en = {
  hello: (name: string) => `Hello, ${name}!`,
  /** The prerendered menu's greeting: the parent's name arrives with the session, after hydration. */
  helloBeforeName: 'Hello!',
  prompt: 'What would you like to do?',
  scheduleTitle: 'Know your schedule',
  scheduleText: 'View upcoming sessions',
  rescheduleTitle: 'Reschedule',
  rescheduleText: 'Change your session dates',
  chatTitle: 'Chat with your facilitator',
  chatText: 'Send messages and attachments',
  home: 'Home',
  logout: 'Logout',
  waiting: (count: number) => `${count} waiting to send`,
  logoutWarningTitle: 'Requests are still waiting to send',
  logoutWarning: (count: number) =>
    `${count === 1 ? '1 request is' : `${count} requests are`} still saved on this phone. They will still be sent automatically when the connection is back, even after you log out.`,
  logoutAnyway: 'Log Out Anyway',
  stay: 'Stay Signed In',
} as const;

export type MenuMessages = Catalog<typeof en>;

/** These texts in the page's language: read where they are shown, never kept at module level. */
export const menuText = (): MenuMessages => translated('menu', en);
