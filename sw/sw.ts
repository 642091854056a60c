/// <reference lib="WebWorker" />
/**
 * The portal's service worker. It guarantees:
 * - the built shell is precached, and every in-app route opens with no network
 *   (navigations get index.html; an unknown path shows the 404 page);
 * - caches carry the `thrive-` prefix and a version, and older ones are deleted
 *   when a new version activates;
 * - a new version waits for the parent's 'Reload' and never activates by itself;
 * - webhook POSTs are never cached or answered here: only GET routes exist and
 *   there is no catch-all handler, so every POST goes to the network untouched;
 * - with Background Sync, requests saved in the outbox are sent once the
 *   connection is back even if no tab is open (outbox-sync.ts).
 */
import { serveAppShell } from './app-shell.ts';
import { cleanUpOutdatedCaches } from './cache-cleanup.ts';
import { handleLifecycle } from './lifecycle.ts';
import { replayOutboxOnSync } from './outbox-sync.ts';
import { receiveShares } from './share-target.ts';

handleLifecycle();
serveAppShell();
cleanUpOutdatedCaches();
replayOutboxOnSync();
receiveShares();
