import { translated, type Catalog } from '../../shared/i18n/catalog.ts';

/** Texts of the installable app: update and offline-ready toasts, install offer, offline banner. */
export const en = {
  update: {
    available: 'A new version is available',
    reload: 'Reload',
  },
  offlineReady: 'Ready to work offline',
  install: {
    button: 'Install App',
    iosHint: "To install Thrive, tap the Share button, then 'Add to Home Screen'.",
  },
  offline: {
    title: 'The portal is offline',
    details: 'What still works',
    text: 'Every screen still opens and your sign-in is kept. Reschedule requests and messages to your facilitator are saved on this phone and sent automatically when the connection is back.',
  },
} as const;

export type PwaMessages = Catalog<typeof en>;

/** These texts in the page's language: read where they are shown, never kept at module level. */
export const pwaText = (): PwaMessages => translated('pwa', en);
