/**
 * `npm run bench -- announce`: an announcement to the whole roster must not
 * delay a facilitator's reply. The reference server runs as a process of its
 * own (as `npm start` runs it) on a temp database written before it starts:
 * 10,000 parents on the roster, each with a verified device subscribed to the
 * tests' fake push service on 127.0.0.1 (which checks each push's VAPID JWT
 * and decrypts it before it answers), quiet hours off. Staff send one
 * announcement to everyone through the /staff form; from a second after it,
 * they reply to `--replies` of the parents, one every `--every` ms. It prints
 * the time from the announcement's POST until the push service has answered
 * every one of its pushes, and each reply's time from its POST to the push
 * service receiving its push, beside their goals. It passes or fails nothing.
 *
 *   npm run bench -- announce
 *   npm run bench -- announce --parents 2000 --replies 10
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { tokenHash } from '../server/conversation/policy.ts';
import { openDatabase } from '../server/db/database.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../src/shared/webhook/push.ts';
import { FakePushService, type FakeSubscription, type ReceivedPush } from './support/fake-push-service.ts';
import { makeTempPortalDir, spawnPortal } from './support/portal-process.ts';
import { addBenchStaff, signInBenchStaff } from './support/staff-session.ts';

const { values } = parseArgs({
  options: {
    parents: { type: 'string', default: '10000' },
    replies: { type: 'string', default: '20' },
    every: { type: 'string', default: '500' },
  },
});
const PARENTS = Number(values.parents);
const REPLIES = Math.min(PARENTS, Number(values.replies));
const REPLY_EVERY_MS = Number(values.every);
const GOAL_ALL_MS = 60_000;
const GOAL_REPLY_P95_MS = 2000;
/** No quiet hours: the bench runs at any hour. */
const SETTINGS = JSON.stringify({ ...DEFAULT_NOTIFICATION_SETTINGS, quiet_start: '00:00', quiet_end: '00:00' });

interface Parent {
  number: string;
  subscription: FakeSubscription;
}

/** The roster, a device and a subscription per parent, and a thread for those staff reply to. */
async function seed(databasePath: string, service: FakePushService): Promise<Parent[]> {
  const db = openDatabase(databasePath);
  const now = new Date();
  const at = now.toISOString();
  await addBenchStaff(db, now);
  const parents = db.transaction(() => {
    db.prepare(
      "INSERT INTO facilitators (id, name, slack_channel) VALUES ('meera-nair', 'Meera Nair', '#meera')",
    ).run();
    const addParent = db.prepare("INSERT INTO parents (number, name, facilitator_id) VALUES (?, ?, 'meera-nair')");
    const addToken = db.prepare(
      "INSERT INTO parent_tokens (token_hash, number_key, created_at, expires_at) VALUES (?, ?, ?, '2999-01-01T00:00:00Z')",
    );
    const addSettings = db.prepare(
      "INSERT INTO push_settings (token_hash, settings, language, updated_at) VALUES (?, ?, 'en', ?)",
    );
    const addSubscription = db.prepare(
      'INSERT INTO push_subscriptions (endpoint, token_hash, number_key, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const addMessage = db.prepare(
      "INSERT INTO thread_messages (number_key, author, text, sent_at, received_at) VALUES (?, 'parent', 'Hello', ?, ?)",
    );
    return Array.from({ length: PARENTS }, (_, i): Parent => {
      const number = `+9170${String(i).padStart(8, '0')}`;
      const hash = tokenHash(randomBytes(32).toString('base64url'));
      const subscription = service.subscribe();
      const { endpoint, keys } = subscription.json;
      addParent.run(number, `Parent ${i}`);
      addToken.run(hash, number, at);
      addSettings.run(hash, SETTINGS, at);
      addSubscription.run(endpoint, hash, number, keys.p256dh, keys.auth, at);
      if (i < REPLIES) addMessage.run(number, at, at);
      return { number, subscription };
    });
  })();
  db.close();
  return parents;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const met = (value: number, goal: number) => (value <= goal ? 'met' : 'MISSED');

const temp = makeTempPortalDir();
const service = await FakePushService.start();
const seeded = performance.now();
const parents = await seed(temp.databasePath, service);
console.log(
  `${PARENTS} parents on the roster, each with a subscribed device, in ${seconds(performance.now() - seeded)}`,
);
const server = await spawnPortal({
  DATABASE_PATH: temp.databasePath,
  DIST_DIR: temp.distDir,
  RATE_LIMIT_MAX: '0',
  RATE_LIMIT_PER_NUMBER_MAX: '0',
  NODE_EXTRA_CA_CERTS: service.writeCaFile(),
  PUSH_SERVICE_HOSTS: '127.0.0.1',
});

try {
  const staff = await signInBenchStaff(server.url);
  const numberOf = new Map(parents.map((p) => [p.subscription.id, p.number]));
  const replyPushAt = new Map<string, number>();
  const refused: ReceivedPush[] = [];
  let announced = 0;
  let lastAnnouncedAt = 0;
  let allAnswered: () => void = () => {};
  const everyAnswered = new Promise<void>((resolve) => (allAnswered = resolve));
  let replyPushes = 0;
  let allReplied: () => void = () => {};
  const everyReplyPushed = new Promise<void>((resolve) => (allReplied = resolve));
  service.onPush((push) => {
    const kind = (push.json as { kind?: string } | undefined)?.kind;
    if (push.status !== 201) refused.push(push);
    else if (kind === 'announcement') {
      lastAnnouncedAt = push.receivedAt;
      if (++announced === PARENTS) allAnswered();
    } else if (kind === 'reply') {
      replyPushAt.set(numberOf.get(push.subscriptionId ?? '') ?? '', push.receivedAt);
      if (++replyPushes === REPLIES) allReplied();
    }
  });

  const startedAt = Date.now();
  const sent = await staff.post('/staff/announcements', {
    title_en: 'No sessions on Friday',
    body_en: 'The centre is closed on Friday for Diwali. Sessions resume on Monday.',
    audience: 'all',
  });
  if (sent.status !== 303) throw new Error(`announcement: ${sent.status} ${await sent.text()}`);
  const announcementAnsweredMs = Date.now() - startedAt;

  const repliedAt = new Map<string, number>();
  const replyAnsweredMs: number[] = [];
  const replies = parents.slice(0, REPLIES).map(async ({ number }, i) => {
    await wait(Math.max(0, startedAt + 1000 + i * REPLY_EVERY_MS - Date.now()));
    repliedAt.set(number, Date.now());
    const response = await staff.post(`/staff/conversations/${number.slice(1)}/replies`, {
      text: `A reply for ${number}: see you on Monday.`,
    });
    if (response.status !== 303) throw new Error(`reply: ${response.status} ${await response.text()}`);
    replyAnsweredMs.push(Date.now() - (repliedAt.get(number) ?? NaN));
  });
  await Promise.all(replies);
  await Promise.all([everyAnswered, everyReplyPushed]);

  const totalMs = lastAnnouncedAt - startedAt;
  const during = [...repliedAt].filter(([, at]) => at < lastAnnouncedAt).length;
  const delays = [...repliedAt].map(([number, at]) => (replyPushAt.get(number) ?? NaN) - at).sort((a, b) => a - b);
  const p95 = percentile(delays, 95);
  console.log(`One announcement to ${PARENTS} subscribed parents, through /staff`);
  console.log(`  the POST answered (recipients stored, pushes queued) in ${seconds(announcementAnsweredMs)}`);
  console.log(
    `  every push answered by the push service: ${seconds(totalMs)}; goal <= ${seconds(GOAL_ALL_MS)}: ${met(totalMs, GOAL_ALL_MS)}`,
  );
  console.log(`  ${(PARENTS / (totalMs / 1000)).toFixed(0)} pushes a second`);
  console.log(
    `${REPLIES} staff replies, one every ${REPLY_EVERY_MS} ms from 1 s after it (${during} of them during the fan-out)`,
  );
  console.log(
    `  reply's POST to its push received: p50 ${seconds(percentile(delays, 50))}, p95 ${seconds(p95)}, ` +
      `max ${seconds(delays.at(-1) ?? NaN)}; goal p95 <= ${seconds(GOAL_REPLY_P95_MS)}: ${met(p95, GOAL_REPLY_P95_MS)}`,
  );
  const answered = replyAnsweredMs.sort((a, b) => a - b);
  console.log(
    `  a reply's POST answered (303): p50 ${seconds(percentile(answered, 50))}, p95 ${seconds(percentile(answered, 95))}`,
  );
  if (refused.length > 0)
    console.log(`  ${refused.length} pushes refused: ${refused[0]?.refusal ?? refused[0]?.status}`);
} catch (error) {
  console.error(`The server's last output:\n${server.output().slice(-3000)}`);
  throw error;
} finally {
  await server.stop('SIGTERM');
  await service.close();
  temp.cleanup();
}
