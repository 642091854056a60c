/**
 * Before every screen test file: a new page, IndexedDB (fake-indexeddb, as the unit tests use it), no network, how
 * long a wait may take, and an empty page after each test.
 */
import 'fake-indexeddb/auto';
import { cleanup, configure, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { toast } from 'sonner';
import { afterAll, afterEach, vi } from 'vitest';
import { openPage } from './page-lifetime.ts';

// A file is one page: the app's modules loaded afresh, an IndexedDB of its own, and, when it ends, its listeners and
// channels gone (page-lifetime.ts). The files of a worker share its process and its window, which keeps React and the
// rest of node_modules loaded and compiled from one file to the next.
vi.resetModules();
globalThis.indexedDB = new IDBFactory();
afterAll(openPage());

// How long findBy* and waitFor wait: a limit for a machine under load (npm test runs these beside the browser suites
// on 2 cores), not a speed; a passing test never waits for it. Half the test's own 20 s timeout (vite.config.ts), so
// a state that never comes fails with its own message. A screen's first render loads its lazy chunk, which vitest
// transforms on first use.
configure({ asyncUtilTimeout: 10_000 });

// The test page has no network: renderApp answers the webhook for the test's length, and a request still made once
// the test has ended (a poll, a replay) fails as it would offline, rather than reach for a host that does not exist.
globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));

afterEach(cleanup);

// Before the page is emptied (hooks after a test run last-registered first): every toast dismissed and gone. sonner
// takes a toast out of its list on a timer of its own once it is dismissed, which no unmount clears; left running past
// the file's end, it would set state in a test page already torn down. A toast the app raises while this waits is
// dismissed in turn.
afterEach(async () => {
  await waitFor(() => {
    toast.dismiss();
    if (document.querySelector('[data-sonner-toast]')) throw new Error('a toast is still on screen');
  });
});
