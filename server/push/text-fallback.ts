/**
 * Texts for notifications not seen, on the reference server: the queue in
 * text_notices (server/push/text-store.ts), decided by the shared rule
 * (src/shared/push/text-fallback.ts) when each row is due, and sent through
 * the gateway at NOTIFY_WEBHOOK_URL one at a time. A row is decided again at
 * every try, so a parent who has seen the notice or turned texts off by then
 * gets no text. A gateway that fails leaves the row queued for a later try
 * (textRetryAt); a crash leaves it to the next start. The text carries who
 * wrote and a link, never the message. Due rows are decided a batch at a
 * time in one transaction, and the queue yields to the server's requests
 * between batches: an update to every parent adds thousands of rows at
 * once, and deciding them one commit at a time would hold every request (a
 * staff reply's push among them) behind it.
 */
import { announcementPath, paths } from '../../src/config/paths.ts';
import { textDecision, textRetryAt } from '../../src/shared/push/text-fallback.ts';
import { fillTemplate, textId, textLink, type TextValues } from '../../src/shared/push/text-templates.ts';
import type { NoticeKind } from '../../src/shared/push/text-fallback.ts';
import type { Language } from '../../src/shared/webhook/types.ts';
import type { Logger } from './sender.ts';
import type { TextNotice, TextStore } from './text-store.ts';

/** What goes to the gateway at NOTIFY_WEBHOOK_URL, as JSON. */
export interface TextMessage {
  /** The same at every try of this text (textId): what a gateway that dedupes keys on. */
  id: string;
  /** E.164. */
  phone: string;
  language: Language;
  /** Which template (src/shared/push/text-templates.ts), for a gateway that sends registered templates. */
  template: NoticeKind;
  values: TextValues;
  /** The template filled in, in the parent's language. */
  text: string;
}

/** Resolves once the gateway took the text; rejects when it did not. */
export type SendText = (message: TextMessage) => Promise<void>;

export interface TextFallbackDeps {
  store: TextStore;
  send: SendText;
  clock: () => Date;
  /** How long a notice waits to be seen (TEXT_FALLBACK_WAIT_S). */
  waitMs: number;
  /** The portal's origin for the link, e.g. https://portal.example.org. */
  origin: string;
  log: Logger;
  random?: () => number;
}

const BATCH = 32;
const MAX_SLEEP_MS = 60_000;

const ROUTES = { chat: paths.chat, announcement: announcementPath };

/** A notice decided to be texted now: what goes to the gateway. */
interface Due {
  notice: TextNotice;
  message: TextMessage;
}

/** Lets the server's requests run between batches. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createTextFallback({ store, send, clock, waitMs, origin, log, random }: TextFallbackDeps) {
  /** Decides one due notice: skipped, held, or queued for the gateway (returned). In the batch's transaction. */
  function decide(notice: TextNotice): Due[] {
    const now = clock();
    const { settings, language } = store.settingsOf(notice.number_key);
    const decision = textDecision(
      {
        kind: notice.kind,
        urgent: notice.urgent === 1,
        createdAt: new Date(notice.created_at),
        seen: false,
        pushed: notice.pushed_at !== null,
        queued: notice.state === 'queued',
        settings,
        textedToday: store.textedToday(notice.number_key, notice.kind, now),
      },
      now,
      waitMs,
    );
    if (decision.kind === 'skip') {
      store.decide(notice.id, decision.reason, now);
      return [];
    }
    if (decision.kind === 'hold') {
      store.hold(notice.id, decision.until);
      return [];
    }
    // Queued before the gateway is asked: it counts against the day's limit from now, whatever the gateway says.
    if (notice.state === 'waiting') store.decide(notice.id, 'queued', now);
    const values = { author: notice.author, link: textLink(notice, origin, ROUTES) };
    const text = fillTemplate(notice.kind, language, values);
    const message = { id: textId(notice), phone: notice.number_key, language, template: notice.kind, values, text };
    return [{ notice, message }];
  }

  async function deliver({ notice, message }: Due): Promise<void> {
    try {
      await send(message);
      store.texted(notice.id, clock());
    } catch (error) {
      const attempts = notice.attempts + 1;
      const at = textRetryAt(attempts, clock(), random);
      log.warn({ err: error, notice: notice.id, attempts }, 'the text gateway did not take a text');
      if (at) store.retry(notice.id, at);
      else store.decide(notice.id, 'failed', clock());
    }
  }

  async function drainDue(): Promise<void> {
    for (;;) {
      const due = store.due(clock(), BATCH);
      if (due.length === 0) return;
      const texts = store.inTransaction(() => due.flatMap(decide));
      for (const text of texts) await deliver(text);
      await yieldToRequests();
    }
  }

  let running: Promise<void> | undefined;
  let again = false;
  let started = false;
  let timer: NodeJS.Timeout | undefined;

  function sleep(): void {
    clearTimeout(timer);
    const due = store.nextDue();
    if (!started || !due) return;
    timer = setTimeout(drain, Math.min(Math.max(0, due.getTime() - clock().getTime()), MAX_SLEEP_MS)).unref();
  }

  /** Decides and sends every notice due now; a call while it runs makes it look again when done. */
  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await drainDue();
      } while (again);
    })()
      .catch((error: unknown) => log.warn({ err: error }, 'texts failed; the queue is tried again at the next one'))
      .finally(() => {
        running = undefined;
        sleep();
      });
    return running;
  }

  return {
    drain,
    /** A notice was added: look when it is due. */
    wake(): void {
      if (started) setImmediate(() => started && void drain());
    },
    start(): void {
      started = true;
      void drain();
    },
    async close(): Promise<void> {
      started = false;
      clearTimeout(timer);
      await running;
    },
  };
}

/** The marker the demo mode's log line carries. */
export const DEMO_TEXT_LINE = 'demo mode: text message';

/** No gateway (the demo default): the text goes to the server log, on a line that says it is the demo mode. */
export function demoTextSender(log: { warn(message: string): void }): SendText {
  return async ({ phone, text }) => {
    log.warn(`${DEMO_TEXT_LINE} to ${phone}: ${text} (no NOTIFY_WEBHOOK_URL is set, so no text was sent)`);
  };
}

export type TextFallback = ReturnType<typeof createTextFallback>;
