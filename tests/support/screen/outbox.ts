/**
 * The outbox in a screen test: the page's own outbox (src/shared/outbox/portal-outbox.ts) over fake-indexeddb,
 * started as main.tsx starts it once the app has loaded (the toasts of what saved requests became, and the
 * connection-back trigger), and a network a test cuts and brings back. A request is saved as a submission made
 * offline saves it: submitted through the outbox while nothing gets through.
 *
 * The clock stands at NOW (Date only; timers run), so 'Saved …' texts are known and the backoff timer, which counts
 * from the clock, never finds a saved request due: what a test sends, it sends with Send Now, Retry or the
 * connection back, never by the machine's luck. It stands there for the whole file, since the page's outbox keeps
 * the clock it was created with (Date.now, read once).
 */
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { preloadScreen } from '../../../src/app/app-routes.tsx';
import { startOutbox } from '../../../src/app/start-outbox.ts';
import { env } from '../../../src/config/env.ts';
import type { Outbox } from '../../../src/shared/outbox/outbox.ts';
import { pageOutbox } from '../../../src/shared/outbox/portal-outbox.ts';
import type { QueuedEnvelope } from '../../../src/shared/outbox/types.ts';
import { NOW } from '../people.ts';
import { webhookFetch, type RecordingWebhook } from './fake-webhook.ts';

/** The outbox every screen of the app uses. */
export function appOutbox(): Outbox {
  return pageOutbox(env.webhookUrl);
}

const noNetwork: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));

/** No request gets through, as on a phone with no connection, until `reconnect`. */
export function cutNetwork(): void {
  vi.stubGlobal('fetch', noNetwork);
}

/** The connection is back: requests reach `webhook`, and the browser says so ('online'), which replays the outbox. */
export function reconnect(webhook: RecordingWebhook): void {
  vi.stubGlobal('fetch', webhookFetch(webhook));
  window.dispatchEvent(new Event('online'));
}

/** Saves each request as a submission made with no connection does: stored, tried once, waiting to send. */
export async function saveOffline(...envelopes: QueuedEnvelope[]): Promise<void> {
  const network = globalThis.fetch;
  cutNetwork();
  try {
    for (const envelope of envelopes) {
      const result = await appOutbox().submit(envelope);
      if (result.status !== 'queued') throw new Error(`${envelope.action} was ${result.status}, not saved`);
    }
  } finally {
    vi.stubGlobal('fetch', network);
  }
}

/**
 * The outbox of the page for every test of the file: started once with the clock at NOW, and after each test
 * emptied and the clock put back at NOW, so no test sees another's requests or time. The `screens` the file opens
 * (route paths) and the toaster are loaded first, as a built page has its screen in before it draws: a test then
 * waits for the app, not for the first transform of a lazy chunk, which takes seconds on a busy machine.
 */
export function useAppOutbox(...screens: string[]): void {
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(NOW));
    startOutbox();
    await Promise.all([...screens.map(preloadScreen), import('../../../src/app/app-toaster.tsx')]);
  });
  afterEach(async () => {
    const outbox = appOutbox();
    for (const { id } of await outbox.list()) await outbox.discard(id);
    vi.setSystemTime(new Date(NOW));
  });
  afterAll(() => {
    vi.useRealTimers();
  });
}
