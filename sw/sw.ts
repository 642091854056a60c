/// <reference lib="WebWorker" />
/**
 * The portal's service worker. It guarantees:
 * - the built shell is precached, and every in-app route opens with no network
 *   (navigations get index.html; an unknown path shows the 404 page);
 * - caches carry the `thrive-` prefix and a version, and older ones are deleted
 *   when a new version activates;
 * - a new version waits for the parent's 'Reload' and never activates by itself;
 * - webhook POSTs are never cached or answered here: the only POST route is
 *   the share target's, which keeps what the share sheet sent and redirects
 *   to chat (share-target.ts); there is no catch-all handler, so every other
 *   POST goes to the network untouched;
 * - it is the one sender of the outbox while it controls a page: first sends
 *   and replays alike run inside an event's waitUntil, so closing the page
 *   never cuts a send short; with Background Sync, requests saved in the
 *   outbox are sent once the connection is back even if no tab is open
 *   (outbox.ts);
 * - a push shows its notification in the parent's language and refreshes the
 *   saved thread; a tap opens the right screen, with the app closed or open
 *   (push.ts).
 */
import { serveAppShell } from './app-shell.ts';
import { cleanUpOutdatedCaches } from './cache-cleanup.ts';
import { handleLifecycle } from './lifecycle.ts';
import { sendFromWorker } from './outbox.ts';
import { receivePushes } from './push.ts';
import { receiveShares } from './share-target.ts';

handleLifecycle();
serveAppShell();
cleanUpOutdatedCaches();
sendFromWorker();
receiveShares();
receivePushes();
