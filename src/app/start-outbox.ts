/**
 * The page's outbox triggers, started once the app has loaded (main.tsx):
 * right away and when the browser comes back online (each tried again
 * shortly after while the browser says online and the network does not
 * carry requests yet), and when the tab is shown again. The backoff timer
 * lives in the outbox itself, 'Send Now' on the outbox screen, and
 * Background Sync in the service worker. Every trigger asks the one sender
 * for a pass (the worker's, when one controls the page), so however many
 * fire at once, nothing is sent twice.
 *
 * It also turns outbox outcomes (from this tab, other tabs or the worker)
 * into toasts, so a person hears that a saved request went out or was
 * refused wherever they are; a screen waiting for its own request's answer
 * tells them itself. What the worker settled while no page of the app was
 * listening (every tab closed, or this one still loading) is told at this start.
 */
import { toast } from 'sonner';
import { env } from '../config/env.ts';
import { outboxText } from '../features/outbox/messages.ts';
import { visitorText } from '../features/visitor/messages.ts';
import { createOnlineSettle } from '../shared/outbox/online-settle.ts';
import { pageOutbox } from '../shared/outbox/portal-outbox.ts';
import type { OutboxAction, OutboxEvent } from '../shared/outbox/types.ts';
import { createUntoldOutcomes, untoldOutcomeOf, type UntoldOutcome } from '../shared/outbox/untold.ts';

interface NoticeTexts {
  /** None: its delivery is no news (a read mark). */
  sent?: string;
  refused: string;
}

function notices(): Record<OutboxAction, NoticeTexts> {
  const parent = outboxText();
  const visitor = visitorText();
  return {
    reschedule_single: { sent: parent.rescheduleSent, refused: parent.rescheduleRefused },
    reschedule_range: { sent: parent.rescheduleSent, refused: parent.rescheduleRefused },
    chat_facilitator: { sent: parent.chatSent, refused: parent.chatRefused },
    book_consult: { sent: visitor.saved.consultSent, refused: visitor.saved.consultRefused },
    schedule_call: { sent: visitor.saved.callSent, refused: visitor.saved.callRefused },
    accept_offer: { sent: parent.acceptSent, refused: parent.acceptRefused },
    mark_announcement_seen: { refused: parent.seenRefused },
    mark_read: { refused: parent.readRefused },
  };
}

export interface OutboxNotice {
  kind: 'success' | 'error';
  text: string;
}

/** The toast an outcome deserves: delivered, or refused (it then waits for the person's decision). */
export function outboxNotice(event: OutboxEvent | UntoldOutcome, texts: Record<OutboxAction, NoticeTexts> = notices()) {
  if (event.type === 'OUTBOX_DELIVERED') {
    const { sent } = texts[event.action];
    return sent === undefined ? undefined : ({ kind: 'success', text: sent } as const);
  }
  if (event.type === 'OUTBOX_FAILED') return { kind: 'error', text: texts[event.action].refused } as const;
  return undefined;
}

let started = false;

export function startOutbox(): void {
  if (started) return;
  started = true;
  const outbox = pageOutbox(env.webhookUrl);

  // One toast per item and outcome, even if the event reaches this tab twice.
  const tell = (event: OutboxEvent | UntoldOutcome) => {
    const notice = outboxNotice(event);
    if (notice && 'id' in event) toast[notice.kind](notice.text, { id: `${event.type}:${event.id}` });
  };
  const untold = createUntoldOutcomes();
  outbox.subscribe((event) => {
    // Told here, by a toast or by the screen that awaited it: the worker's copy is not told again.
    const outcome = untoldOutcomeOf(event);
    if (outcome) untold.forget(outcome).catch(() => undefined);
    if (!('id' in event) || !outbox.awaited(event.id)) tell(event);
  });
  // Listening first: an outcome the worker reaches from now on is heard, one reached before is kept for this.
  untold
    .take()
    .then((outcomes) => outcomes.forEach(tell))
    .catch((error: unknown) => console.error('What was sent while the app was closed could not be read', error));

  const drain = () => {
    // Failures are recorded on the items, and the outbox's timer tries again.
    outbox.drain('now').catch(() => undefined);
  };
  // Back online, and at this start: a pass that finds no connection while the browser says it has one is tried
  // again after a moment (online-settle.ts).
  const settle = createOnlineSettle({
    drain: () => outbox.drain('now'),
    list: () => outbox.list(),
    online: () => navigator.onLine,
  });
  window.addEventListener('online', () => settle(outbox.drain('now')));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') drain();
  });
  settle(outbox.drainOnStart());
}
