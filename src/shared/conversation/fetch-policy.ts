/**
 * When the chat screen (and the menu's unread count) asks for new replies: as
 * it opens, when the app is visible again or back online, after one of the
 * parent's own messages went out, when a push says a reply came, and every
 * 30 s while it is visible — unless push is on: then a push tells of each
 * reply and the 30 s poll stops (on n8n each poll is a whole execution).
 * Never while hidden: a phone in a pocket spends no data or battery on a
 * screen no one reads. No DOM here; the screen passes in what it sees and the clock.
 */

export const POLL_INTERVAL_MS = 30_000;

export type FetchTrigger = 'opened' | 'visible' | 'online' | 'sent' | 'push' | 'tick';

export interface PollerHost {
  /** Whether the page is shown now (document.visibilityState === 'visible'). */
  visible(): boolean;
  /** Whether this phone gets a push for each reply (subscribed, permission granted). */
  pushOn(): boolean;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface ThreadPoller {
  /** The screen opened. */
  start(): void;
  /** The page was shown or hidden. */
  visibilityChanged(): void;
  /** The connection is back. */
  online(): void;
  /** One of the parent's messages was delivered: the thread now holds it. */
  sent(): void;
  /** A push told of a reply. */
  pushed(): void;
  /** Push was turned on or off: the 30 s poll stops or starts again. */
  pushChanged(): void;
  /** The screen closed: no fetch after this. */
  stop(): void;
}

export function createThreadPoller(fetchThread: (trigger: FetchTrigger) => void, host: PollerHost): ThreadPoller {
  let timer: unknown;
  let running = false;

  const stopTimer = () => {
    if (timer === undefined) return;
    host.clearInterval(timer);
    timer = undefined;
  };
  // A fetch restarts the 30 s, so a foreground fetch is not followed by a tick a moment later.
  const fetchNow = (trigger: FetchTrigger) => {
    if (!running || !host.visible()) return;
    stopTimer();
    fetchThread(trigger);
    startTimer();
  };
  function startTimer() {
    if (host.pushOn()) return;
    timer = host.setInterval(() => {
      if (host.visible() && !host.pushOn()) fetchThread('tick');
      else stopTimer();
    }, POLL_INTERVAL_MS);
  }

  return {
    start() {
      running = true;
      fetchNow('opened');
    },
    visibilityChanged() {
      if (host.visible()) fetchNow('visible');
      else stopTimer();
    },
    online: () => fetchNow('online'),
    sent: () => fetchNow('sent'),
    pushed: () => fetchNow('push'),
    pushChanged() {
      if (!running || !host.visible()) return;
      stopTimer();
      startTimer();
    },
    stop() {
      running = false;
      stopTimer();
    },
  };
}
