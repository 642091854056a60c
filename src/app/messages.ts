import { translated, type Catalog } from '../shared/i18n/catalog.ts';

/** Texts of the app shell: landing page, footer, 404. */
export const en = {
  /** The document's title and description (index.html has the same English). */
  documentTitle: 'Thrive — Parent support portal',
  description:
    'Thrive parent support portal: your weekly schedule, reschedule requests and chat with your facilitator.',
  programmeTitle: 'Thrive',
  tagline: 'Parent support portal',
  poweredBy: 'Powered by n8n',
  landing: {
    registeredTitle: "I'm a registered parent",
    registeredText: 'Access your schedule and connect with facilitators',
    newTitle: "I'm new to Thrive",
    newText: 'Learn more and get started with us',
  },
  notFound: {
    title: 'Details not found',
    text: 'The page you were looking for does not exist or has moved.',
    home: 'Return to Home',
  },
  loading: 'Loading…',
  /** The page's own notice when the app itself did not arrive: its page stays untappable, so nothing typed is lost. */
  bootFailed: {
    text: 'The app did not load: the connection dropped.',
    reload: 'Reload',
  },
  /** A screen whose code did not arrive (mobile data dropped before the app was saved for offline use). */
  screenFailed: {
    title: 'This screen did not load',
    text: 'The connection dropped while it was loading. Check your connection, then try again.',
    retry: 'Try Again',
    home: 'Return to Home',
  },
} as const;

export type AppMessages = Catalog<typeof en>;

/** These texts in the page's language: read where they are shown, never kept at module level. */
export const appText = (): AppMessages => translated('app', en);
