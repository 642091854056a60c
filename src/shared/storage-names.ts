/**
 * Every name the page and the service worker must agree on to reach the same
 * data. Renaming one orphans what phones already hold (a queued request would
 * never be sent), so these change only with a migration.
 *
 * Each concern has its own database: idb-keyval creates a store only when it
 * creates the database, so two stores can never share one database name.
 */

export const OUTBOX_DB = 'thrive-outbox';
export const OUTBOX_STORE = 'items';

/** Outcomes the worker reached with no page of the portal open: told as toasts at the next start. */
export const OUTBOX_UNTOLD_DB = 'thrive-outbox-untold';
export const OUTBOX_UNTOLD_STORE = 'outcomes';

/** The fallback replay lease, used where the Web Locks API is missing. */
export const OUTBOX_LEASE_DB = 'thrive-outbox-lease';
export const OUTBOX_LEASE_STORE = 'lease';

export const SCHEDULE_CACHE_DB = 'thrive-schedule';
export const SCHEDULE_CACHE_STORE = 'by-parent';

/** What the programme said to each parent (announcements and session changes), for offline reading. */
export const ANNOUNCEMENTS_DB = 'thrive-announcements';
export const ANNOUNCEMENTS_STORE = 'by-parent';

/** BroadcastChannel on which the outbox announces changes to every tab and the worker. */
export const OUTBOX_CHANNEL = 'thrive-outbox';

/** Web Lock held by whichever context (tab or worker) is replaying the outbox. */
export const OUTBOX_LOCK = 'thrive-outbox-replay';

/** Background Sync tag the page registers and the worker's `sync` listener answers. */
export const OUTBOX_SYNC_TAG = 'thrive-outbox';

/** Files and text another app shared to the portal (the share target), waiting for the chat screen. */
export const SHARED_FILES_DB = 'thrive-shared-files';
export const SHARED_FILES_STORE = 'waiting';

/** The conversation: each parent's token, last fetched thread and last reply seen. */
export const CONVERSATION_DB = 'thrive-conversation';
export const CONVERSATION_STORE = 'by-parent';
