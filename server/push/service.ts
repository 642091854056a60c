/**
 * Web Push on the reference server, put together: the VAPID keys, the push
 * tables, the three actions, the queue's sender and the reminder timer.
 * Nothing is sent until start(): a test may build the server, drive the
 * clock, and call drain() and tick() itself.
 */
import { Agent } from 'node:https';
import type { PushMessage } from '../../src/shared/webhook/push.ts';
import type { ServerConfig } from '../config.ts';
import type { ConversationStore } from '../conversation/store.ts';
import type { Db } from '../db/database.ts';
import type { Roster } from '../roster/roster-store.ts';
import { toIstIso } from '../../src/shared/format/ist.ts';
import { startsAtOf } from '../../src/shared/rules/request-outcome.ts';
import { addDays, partsOf } from '../../src/shared/schedule/week.ts';
import { createAnnouncementStore } from '../announcements/store.ts';
import { movesOf } from '../requests/parent-requests.ts';
import { answerStore } from '../requests/store.ts';
import { createPushActions } from './actions.ts';
import { createReminderTimer } from './reminder-timer.ts';
import { gatewaySender } from '../conversation/code-sender.ts';
import { createPushSender, webPushSender, type Logger, type SendPush } from './sender.ts';
import { createTextFallback, demoTextSender, type SendText, type TextMessage } from './text-fallback.ts';
import { createTextStore } from './text-store.ts';
import { PROGRAMME_AUTHOR } from '../../src/shared/push/text-templates.ts';
import { withRequestMoves } from '../../src/shared/push/reminders.ts';
import { createPushStore } from './store.ts';
import { loadVapidKeys } from './vapid.ts';

export interface PushServiceDeps {
  db: Db;
  config: Pick<
    ServerConfig,
    | 'vapidKeys'
    | 'vapidSubject'
    | 'databasePath'
    | 'pushServiceHosts'
    | 'notifyWebhookUrl'
    | 'notifyWebhookToken'
    | 'textFallbackWaitMs'
    | 'portalHost'
    | 'port'
  >;
  clock: () => Date;
  roster: Pick<Roster, 'sessionsOf'>;
  tokens: ConversationStore;
  /** The HTTPS agent pushes go through (a test's trusts its fake push service); a kept-alive one by default. */
  agent?: Agent;
  /** Replaces web-push, for a test of the queue alone. */
  send?: SendPush;
  /** Replaces the text gateway (NOTIFY_WEBHOOK_URL, else the log). */
  sendText?: SendText;
}

/** What a request's outcome says, for the push that tells the parent (src/shared/webhook/push.ts). */
export type RequestUpdate = Omit<Extract<PushMessage, { kind: 'request_update' }>, 'kind' | 'language'> & {
  /** Who answered, named by the text to a parent the push did not reach (the programme when not given). */
  author?: string;
};

const requestIdOf = (payload: string): string | undefined => {
  const { request_id } = JSON.parse(payload) as { request_id?: unknown };
  return typeof request_id === 'string' ? request_id : undefined;
};

export function createPushService({ db, config, clock, roster, tokens, agent, send, sendText }: PushServiceDeps) {
  const vapid = loadVapidKeys(config);
  const store = createPushStore(db);
  const connections = agent ?? new Agent({ keepAlive: true, maxSockets: 32 });
  let logger: Logger = { warn: () => {} };
  const log: Logger = { warn: (object, message) => logger.warn(object, message) };
  const notices = createTextStore(db);
  const texts = createTextFallback({
    store: notices,
    send:
      sendText ??
      (config.notifyWebhookUrl
        ? gatewaySender<TextMessage>(config.notifyWebhookUrl, config.notifyWebhookToken, 'text')
        : demoTextSender({ warn: (message) => logger.warn({}, message) })),
    clock,
    waitMs: config.textFallbackWaitMs,
    origin: config.portalHost ? `https://${config.portalHost}` : `http://localhost:${config.port}`,
    log,
  });
  const sender = createPushSender({
    store,
    send: send ?? webPushSender(vapid, config.vapidSubject, connections),
    clock,
    log,
    onDelivered(job, at) {
      const requestId = job.kind === 'request_update' && job.payload ? requestIdOf(job.payload) : undefined;
      notices.pushed({ ...job, ...(requestId ? { request_id: requestId } : {}) }, at);
    },
  });
  const announcements = createAnnouncementStore(db);
  const answers = answerStore(db);
  const reminders = createReminderTimer({
    store,
    roster,
    clock,
    onQueued: sender.wake,
    // A day either side of now holds every occurrence whose reminder can be due; the requests' moves are the
    // number's confirmed ones, as know_schedule applies them.
    changesOf(numberKey, now) {
      const today = partsOf(toIstIso(now)).key;
      const programme = announcements.changesOf(
        numberKey,
        startsAtOf(addDays(today, -1), '00:00'),
        startsAtOf(addDays(today, 3), '00:00'),
      );
      return withRequestMoves(programme, movesOf(answers, numberKey, roster.sessionsOf(numberKey)));
    },
  });
  let tickTimer: NodeJS.Timeout | undefined;

  return {
    publicKey: vapid.publicKey,
    store,
    actions: createPushActions({
      push: store,
      tokens,
      clock,
      publicKey: vapid.publicKey,
      pushServiceHosts: config.pushServiceHosts,
      wakeSender: sender.wake,
      onSettingsSaved(numberKey, now) {
        if (notices.settingsSaved(numberKey, now) > 0) texts.wake();
      },
    }),
    /** Sends every job due now; resolves when none is left. */
    drain: sender.drain,
    /** Queues the reminders due now; how many. */
    tick: reminders.tick,
    /** A staff reply was stored (its jobs and its text notice are queued by the database): send them now. */
    replyStored(): void {
      sender.wake();
      texts.wake();
    },
    /** Texts for notifications not seen: their queue, and the sender a test drives. */
    notices,
    texts,
    /** An announcement was sent (its jobs and text notices were queued with it): send them, after any reply. */
    announcementSent(): void {
      sender.wake();
      texts.wake();
    },
    /**
     * Tells a parent's subscribed devices that a request's outcome changed
     * (under their request_updates setting). Queued in the caller's
     * transaction, if it is in one; sent once that has ended.
     */
    notifyRequestUpdate(numberKey: string, update: RequestUpdate): number {
      const now = clock();
      const targets = store.targetsOfNumber(numberKey);
      const { author, ...outcome } = update;
      for (const target of targets) {
        const message = { kind: 'request_update', ...outcome, language: target.language ?? 'en' } as const;
        store.enqueue(target.endpoint, message, now, undefined, now);
      }
      if (targets.length > 0) sender.wake();
      notices.addOutcome(numberKey, update.request_id, author ?? PROGRAMME_AUTHOR, now);
      texts.wake();
      return targets.length;
    },
    /** Starts the sender (which first sends what an earlier run left queued) and the reminder timer. */
    start(withLog: Logger): void {
      logger = withLog;
      sender.start();
      texts.start();
      const tick = () => {
        try {
          reminders.tick();
        } catch (error) {
          logger.warn({ err: error }, 'reminders failed; the timer tries again in a minute');
        }
      };
      tick();
      tickTimer = setInterval(tick, REMINDER_TICK).unref();
    },
    async close(): Promise<void> {
      clearInterval(tickTimer);
      await sender.close();
      await texts.close();
      if (!agent) connections.destroy();
    },
  };
}

const REMINDER_TICK = 60_000;

export type PushService = ReturnType<typeof createPushService>;
