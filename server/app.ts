import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/database.ts';
import { createAnnouncementActions } from './announcements/actions.ts';
import { createSessionChanges } from './announcements/session-changes.ts';
import { createAnnouncementStore } from './announcements/store.ts';
import { createConversation } from './conversation/actions.ts';
import { demoSender, gatewaySender } from './conversation/code-sender.ts';
import { threadFiles } from './conversation/thread-file-route.ts';
import { fromVerifiedDevice } from './conversation/parent-auth.ts';
import { codeAtSignIn } from './conversation/sign-in-guard.ts';
import { createReceipts } from './conversation/receipts.ts';
import { conversationStore } from './conversation/store.ts';
import { CODE_COST, type ScryptCost } from './conversation/secrets.ts';
import { createRequestStore } from './db/request-store.ts';
import { plainTextErrors, routingErrors } from './http/errors.ts';
import { proxyTrust } from './http/proxy-trust.ts';
import { jsonBodies } from './http/json-body.ts';
import { knowMoreRedirect } from './http/know-more-redirect.ts';
import { securityHeaders } from './http/security-headers.ts';
import { staticFiles } from './http/static-files.ts';
import { createRequestActions } from './requests/actions.ts';
import type { OnOutcome } from './requests/answer.ts';
import { movesOf } from './requests/parent-requests.ts';
import { answerStore } from './requests/store.ts';
import { createRosterAdmin } from './roster/roster-admin.ts';
import { createRoster } from './roster/roster-store.ts';
import { staffRoutes } from './staff/routes.ts';
import { createStaffStore } from './staff/store.ts';
import type { PushService } from './push/service.ts';
import { createIntake } from './webhook/intake.ts';
import { webhookRoute } from './webhook/route.ts';

export interface AppDeps {
  config: ServerConfig;
  db: Db;
  /** The server's idea of now; tests move it across week boundaries. */
  clock?: () => Date;
  /** Web Push: its actions, and the sender a staff reply wakes. */
  push: PushService;
  /** Told of each answer staff give to a parent's reschedule request (the notifications' seam). */
  onOutcome?: OnOutcome;
  /**
   * The scrypt cost sign-in codes are hashed at: CODE_COST. A test's server takes a cheaper one, as the test suite
   * hashes and checks hundreds of codes; the stored hash names its cost, so checking follows either.
   */
  codeCost?: ScryptCost;
}

/** One origin: the built portal and POST /api/webhook. Listening is the caller's business. */
export async function buildApp({
  config,
  db,
  clock = () => new Date(),
  push,
  onOutcome,
  codeCost = CODE_COST,
}: AppDeps): Promise<FastifyInstance> {
  const trust = proxyTrust(config.trustProxy);
  const setSecurityHeaders = securityHeaders(config.webhookOrigin, trust);
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: trust,
    return503OnClosing: true,
    frameworkErrors: routingErrors(setSecurityHeaders),
  });
  // The webhook speaks JSON only; without this Fastify would hand a text/plain body to it as a string.
  app.removeContentTypeParser('text/plain');
  jsonBodies(app);
  plainTextErrors(app);
  app.addHook('onRequest', async (request, reply) => setSecurityHeaders(request, reply));
  // Request bodies are never compressed by the portal; refusing them avoids decompression bombs.
  await app.register(fastifyCompress, { globalDecompression: false });
  await app.register(fastifyRateLimit, { global: false });
  const roster = createRoster(db);
  const conversations = conversationStore(db);
  const answers = answerStore(db);
  const requestStore = createRequestStore(db);
  // An update not seen, and pushed to none of a parent's phones, comes as a text (server/push/text-fallback.ts).
  const announcements = createAnnouncementStore(db, { onSend: push.notices.addAnnouncement });
  const announcementActions = createAnnouncementActions({
    store: announcements,
    requests: requestStore,
    roster,
    clock,
    onSent: push.announcementSent,
    onSeen: push.notices.seenAnnouncement,
  });
  // A scheduled announcement is sent when its minute comes (and at once when a parent lists theirs).
  const sendDue = setInterval(() => {
    try {
      if (announcements.sendDue(clock()) > 0) push.announcementSent();
    } catch (error) {
      app.log.error({ err: error }, 'scheduled announcements failed; the timer tries again in a minute');
    }
  }, 60_000).unref();
  app.addHook('onClose', async () => clearInterval(sendDue));
  const receipts = createReceipts(db);
  const conversation = createConversation({
    store: conversations,
    roster,
    clock,
    sendCode: config.codeWebhookUrl
      ? gatewaySender(config.codeWebhookUrl, config.codeWebhookToken)
      : demoSender(app.log),
    portalHost: config.portalHost,
    onSendFailed: (error) => app.log.error({ err: error }, 'the code gateway did not take a code'),
    codeCost,
    reads: {
      receipts,
      readReceipts: (tokenHash) => push.store.settings(tokenHash).settings.read_receipts,
      delivered: (numberKey, through, now) => push.notices.seenThrough(numberKey, through, now),
    },
  });
  webhookRoute(app, {
    intake: createIntake({
      store: requestStore,
      roster,
      clock,
      conversation,
      push: push.actions,
      signInGuard: config.requireCodeAtSignIn ? codeAtSignIn(conversations, clock) : undefined,
      verifiedDevice: (authorization, numberKey) =>
        fromVerifiedDevice(conversations, authorization, clock(), numberKey),
      requestActions: createRequestActions({
        answers,
        requests: requestStore,
        roster,
        clock,
        onSeen: push.notices.seenRequests,
      }),
      movesOf: (numberKey, sessions) => movesOf(answers, numberKey, sessions),
      announcementActions: announcementActions.handle,
      scheduleChanges: announcementActions.scheduleChanges,
    }),
    rateLimitMax: config.rateLimitMax,
    rateLimitPerNumberMax: config.rateLimitPerNumberMax,
    rateLimitWindowMs: config.rateLimitWindowMs,
  });
  threadFiles(
    app,
    conversations,
    clock,
    config.rateLimitMax > 0 ? { max: config.rateLimitMax, timeWindow: config.rateLimitWindowMs } : false,
  );
  await staffRoutes(app, {
    store: createStaffStore(db),
    clock,
    trust,
    answers,
    roster,
    rosterAdmin: createRosterAdmin(db),
    onReply: push.replyStored,
    receipts,
    reach: (numberKey) => push.notices.reach(numberKey),
    announcements: {
      store: announcements,
      sessionChanges: createSessionChanges(db, announcements),
      reach: push.store.reach,
      onSent: push.announcementSent,
    },
    onOutcome: (numberKey, requestId, outcome) => {
      if (outcome.status !== 'waiting') {
        push.notifyRequestUpdate(numberKey, {
          request_id: requestId,
          outcome: outcome.status,
          ...(outcome.answered_by ? { author: outcome.answered_by } : {}),
        });
      }
      onOutcome?.(numberKey, requestId, outcome);
    },
  });
  knowMoreRedirect(app, config.knowMoreUrl);
  await staticFiles(app, config.distDir);
  return app;
}
