/**
 * The push queue's sender. It takes due jobs from push_jobs, oldest first,
 * and sends each with web-push (aes128gcm, VAPID), a few at a time over
 * kept-alive connections. A job is deleted only once the push service has
 * answered 2xx, or the answer says sending again cannot help; a crash before
 * that leaves it to the next start. What a round of sending did to the queue
 * is committed at its end, in one transaction: one fsync a round, not one a
 * push, which a fan-out to thousands would otherwise wait on (and the event
 * loop with it). A crash in a round sends its answered pushes again; a push
 * sent twice replaces its own notification (its tag), it adds none. At send time it applies what the parent
 * has chosen now (sendingDecision): a kind turned off drops the job, quiet
 * hours hold a reply until they end (an announcement too, unless urgent),
 * show_text decides whether a reply's or an announcement's text goes along;
 * a withdrawn announcement's job is dropped (withdrawing deletes them too).
 * Jobs come by priority (server/push/store.ts): a reply stored during an
 * announcement's fan-out is taken in the next batch. A change of settings makes the device's held jobs due and wakes
 * it, so they are decided again at once. The verdicts on answers are
 * src/shared/push/delivery.ts.
 */
import type { Agent } from 'node:https';
import webpush from 'web-push';
import { announcementPush } from '../../src/shared/push/announcement-push.ts';
import { deliveryVerdict, pushHeaders, sendingDecision } from '../../src/shared/push/delivery.ts';
import { pushPayload } from '../../src/shared/push/payload.ts';
import type { PushMessage } from '../../src/shared/webhook/push.ts';
import type { Language } from '../../src/shared/webhook/types.ts';
import { readSettings, type PushJob, type PushStore } from './store.ts';
import { vapidAuthorization, type VapidKeys } from './vapid.ts';

/** Sends one push; resolves with the push service's status and Retry-After (status 0: no answer). */
export type SendPush = (
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: string,
  headers: { ttl: number; urgency: string; topic: string },
) => Promise<{ status: number; retryAfter?: string }>;

export interface Logger {
  warn(object: object, message: string): void;
}

/** web-push over `agent`, its answer (or its failure) as a status; the VAPID JWT signed once per push service. */
export function webPushSender(vapid: VapidKeys, subject: string, agent: Agent): SendPush {
  const authorization = vapidAuthorization(vapid, subject);
  return async (subscription, payload, headers) => {
    try {
      const answer = await webpush.sendNotification(subscription, payload, {
        headers: { Authorization: authorization(new URL(subscription.endpoint).origin) },
        contentEncoding: 'aes128gcm',
        TTL: headers.ttl,
        urgency: headers.urgency as webpush.Urgency,
        topic: headers.topic,
        agent,
        timeout: SEND_TIMEOUT_MS,
      });
      return { status: answer.statusCode };
    } catch (error) {
      if (error instanceof webpush.WebPushError) {
        const retryAfter = error.headers['retry-after'];
        return { status: error.statusCode, ...(retryAfter ? { retryAfter } : {}) };
      }
      return { status: 0 };
    }
  };
}

const SEND_TIMEOUT_MS = 15_000;
/** Pushes in flight at once: enough to keep a push service's connection busy, few enough for a 2-core box. */
const CONCURRENCY = 16;
const BATCH = 64;

export interface SenderDeps {
  store: PushStore;
  send: SendPush;
  clock: () => Date;
  log: Logger;
  random?: () => number;
  /** Told of each push its push service accepted (how a notice reached the parent: server/push/text-store.ts). */
  onDelivered?: (job: PushJob, at: Date) => void;
}

/** An announcement's push (announcementPush); none for a job whose announcement was withdrawn. */
function announcementOf(job: PushJob, language: Language): PushMessage | undefined {
  if (job.announcement_id === null) return undefined;
  const { show_text } = readSettings(job.settings);
  return announcementPush({ ...job, id: job.announcement_id, urgent: job.urgent === 1 }, language, show_text);
}

/** The message a job carries, as the parent's settings have it now; undefined when the job should go. */
function messageOf(job: PushJob): PushMessage | undefined {
  const language = job.language ?? 'en';
  if (job.kind === 'announcement') return announcementOf(job, language);
  if (job.kind !== 'reply') return job.payload ? { ...(JSON.parse(job.payload) as PushMessage), language } : undefined;
  if (job.message_id === null || job.text === null) return undefined;
  const { show_text } = readSettings(job.settings);
  return {
    kind: 'reply',
    message_id: String(job.message_id),
    author: job.staff_name ?? '',
    ...(show_text ? { text: job.text } : {}),
    language,
  };
}

/** What a round does to the queue, kept until the round ends (each write a closure over the store). */
type Writes = (() => void)[];

export function createPushSender({ store, send, clock, log, random = Math.random, onDelivered }: SenderDeps) {
  async function deliver(job: PushJob, writes: Writes): Promise<void> {
    const now = clock();
    if (Date.parse(job.token_expires_at) <= now.getTime()) {
      // The device's verification is over (retention removes the token later): so are its notifications.
      writes.push(() => store.removeEndpoint(job.endpoint));
      return;
    }
    const message = messageOf(job);
    const decision = sendingDecision(job.kind, readSettings(job.settings), now, job.expires_at, job.urgent === 1);
    if (!message || decision.kind === 'drop') {
      writes.push(() => store.done(job.id));
      return;
    }
    if (decision.kind === 'hold') {
      writes.push(() => store.hold(job.id, decision.until));
      return;
    }
    const subscription = { endpoint: job.endpoint, keys: { p256dh: job.p256dh, auth: job.auth } };
    const answer = await send(subscription, pushPayload(message), pushHeaders(message, now));
    const answeredAt = clock();
    const verdict = deliveryVerdict(answer.status, answer.retryAfter, job.attempts, answeredAt, random);
    switch (verdict.kind) {
      case 'sent':
        writes.push(() => {
          store.done(job.id);
          onDelivered?.(job, answeredAt);
        });
        break;
      case 'gone':
        writes.push(() => store.removeEndpoint(job.endpoint));
        break;
      case 'retry':
        writes.push(() => store.retry(job.id, verdict.at));
        break;
      case 'drop':
        log.warn({ job: job.id, kind: job.kind }, `push dropped: ${verdict.reason}`);
        writes.push(() => store.done(job.id));
        break;
    }
  }

  /** A job that fails to be sent by a fault of its own (not the push service's answer) goes, rather than come back. */
  async function deliverOrDrop(job: PushJob, writes: Writes): Promise<void> {
    try {
      await deliver(job, writes);
    } catch (error) {
      log.warn({ err: error, job: job.id, kind: job.kind }, 'push dropped: it could not be sent');
      writes.push(() => store.done(job.id));
    }
  }

  /**
   * Sends every job due now, CONCURRENCY at a time, until none is due; one
   * job per subscription in each round, so a device's pushes go in order and
   * a gone subscription is learnt of once. A round's writes are committed
   * before the next round looks for due jobs.
   */
  async function drainDue(): Promise<void> {
    for (;;) {
      const endpoints = new Set<string>();
      const jobs = store
        .dueJobs(clock(), BATCH)
        .filter((job) => !endpoints.has(job.endpoint) && Boolean(endpoints.add(job.endpoint)));
      if (jobs.length === 0) return;
      let next = 0;
      const writes: Writes = [];
      const worker = async () => {
        for (let job = jobs[next++]; job; job = jobs[next++]) await deliverOrDrop(job, writes);
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, jobs.length) }, worker));
      store.transaction(() => writes.forEach((write) => write()));
    }
  }

  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let started = false;

  /** While the sender runs (start()), it sleeps until the next job is due; a wake() comes sooner. */
  function sleep(): void {
    clearTimeout(timer);
    const due = store.nextDue();
    if (!started || !due) return;
    const delay = Math.max(0, due.getTime() - clock().getTime());
    timer = setTimeout(drain, Math.min(delay, MAX_SLEEP_MS)).unref();
  }

  /** Sends what is due; a call while it runs makes it look again when done. Resolves when nothing due is left. */
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
      .catch((error: unknown) => log.warn({ err: error }, 'push sender failed; it tries again at the next job'))
      .finally(() => {
        running = undefined;
        sleep();
      });
    return running;
  }

  return {
    drain,
    /** A job was added or released: send it soon, after the transaction that changed it has ended. */
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

/** The longest sleep: a job added by another process (none today) is picked up at least this often. */
const MAX_SLEEP_MS = 60_000;

export type PushSender = ReturnType<typeof createPushSender>;
