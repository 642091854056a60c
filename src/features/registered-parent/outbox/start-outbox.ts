/**
 * The page's replay triggers, started once when the app starts (from
 * main.tsx, after the first screen): right away, when the browser comes back
 * online, and when the tab is shown again. The backoff timer lives in the
 * outbox itself, 'Send now' on the outbox screen, and Background Sync in the
 * service worker. Every trigger goes through the same replay guard, so
 * however many fire at once, one replayer sends.
 *
 * It also turns outbox events (from this tab, other tabs or the worker) into
 * toasts, so a parent hears that a saved request went out wherever they are.
 */
import { toast } from 'sonner';
import { en } from '../messages.ts';
import { outboxNotice } from './outbox-notice.ts';
import { pageOutbox, requestBackgroundSync } from './page-outbox.ts';

let started = false;

export function startOutbox(): void {
  if (started) return;
  started = true;
  const outbox = pageOutbox();

  outbox.subscribe((event) => {
    const notice = outboxNotice(event, en.outbox);
    // One toast per item and outcome, even if the event reaches this tab twice.
    if (notice) toast[notice.kind](notice.text, { id: `${event.type}:${'id' in event ? event.id : ''}` });
  });

  const replay = () => {
    outbox
      .replayNow()
      .then((report) => {
        // Still waiting after this tab's try: let the worker try again once the browser sees a connection.
        if (report.ran && report.waiting > 0) requestBackgroundSync();
      })
      .catch(() => {
        // Already recorded on the item, and the outbox's timer tries again.
      });
  };

  window.addEventListener('online', replay);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') replay();
  });
  replay();
}
