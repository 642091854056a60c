/**
 * `npm run bench -- push`: from a staff reply to the push service's answer,
 * with 1,000 subscribed parents on the reference server. The server runs as
 * a process of its own (as `npm start` runs it) on a temp database seeded
 * with 1,000 parents, each with a thread and a verified device; each device
 * subscribes over the webhook to the fake push service on 127.0.0.1 (the one
 * the tests use, trusted through NODE_EXTRA_CA_CERTS). Staff then reply to
 * every parent through the /staff form, `--concurrency` replies at a time,
 * and the bench times each from the reply's POST to the fake service's
 * answer to its push (which the service gives as soon as it has checked and
 * decrypted it). It prints figures; it passes or fails nothing.
 *
 *   npm run bench -- push
 *   npm run bench -- push --parents 200 --concurrency 4
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { tokenHash } from '../server/conversation/policy.ts';
import { openDatabase } from '../server/db/database.ts';
import { WEBHOOK_PATH } from '../src/shared/webhook/endpoint.ts';
import { FakePushService, type ReceivedPush } from './support/fake-push-service.ts';
import { makeTempPortalDir, spawnPortal } from './support/portal-process.ts';
import { addBenchStaff, signInBenchStaff } from './support/staff-session.ts';

const { values } = parseArgs({
  options: { parents: { type: 'string', default: '1000' }, concurrency: { type: 'string', default: '8' } },
});
const PARENTS = Number(values.parents);
const CONCURRENCY = Number(values.concurrency);
const GOAL_P95_MS = 2000;

/** Parents with a thread and a verified device each, and a staff account: written before the server starts. */
async function seed(databasePath: string): Promise<{ number: string; token: string }[]> {
  const db = openDatabase(databasePath);
  const now = new Date().toISOString();
  await addBenchStaff(db, new Date(now));
  const parents = db.transaction(() => {
    const addMessage = db.prepare(
      "INSERT INTO thread_messages (number_key, author, text, sent_at, received_at) VALUES (?, 'parent', 'Hello', ?, ?)",
    );
    const addToken = db.prepare(
      "INSERT INTO parent_tokens (token_hash, number_key, created_at, expires_at) VALUES (?, ?, ?, '2999-01-01T00:00:00Z')",
    );
    return Array.from({ length: PARENTS }, (_, i) => {
      const number = `+9170${String(i).padStart(8, '0')}`;
      const token = randomBytes(32).toString('base64url');
      addMessage.run(number, now, now);
      addToken.run(tokenHash(token), number, now);
      return { number, token };
    });
  })();
  db.close();
  return parents;
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let item = items[next++]; item !== undefined; item = items[next++]) await work(item);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

const temp = makeTempPortalDir();
const service = await FakePushService.start();
const parents = await seed(temp.databasePath);
const server = await spawnPortal({
  DATABASE_PATH: temp.databasePath,
  DIST_DIR: temp.distDir,
  RATE_LIMIT_MAX: '0',
  RATE_LIMIT_PER_NUMBER_MAX: '0',
  NODE_EXTRA_CA_CERTS: service.writeCaFile(),
  PUSH_SERVICE_HOSTS: '127.0.0.1',
});

try {
  const webhook = async (body: unknown, token: string) => {
    const response = await fetch(`${server.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`${response.status} ${await response.text()}`);
    return (await response.json()) as { public_key: string };
  };
  const firstParent = parents[0];
  if (!firstParent) throw new Error('No parents');
  const { public_key } = await webhook({ action: 'push_settings' }, firstParent.token);
  const subscriptionOf = new Map<string, string>();
  const subscribed = performance.now();
  await pool(parents, 16, async ({ number, token }) => {
    const subscription = service.subscribe({ applicationServerKey: public_key });
    subscriptionOf.set(subscription.id, number);
    // No quiet hours: the bench runs at any hour.
    const settings = { quiet_start: '00:00', quiet_end: '00:00' };
    await webhook({ action: 'push_subscribe', payload: { subscription: subscription.json, settings } }, token);
  });
  console.log(`${PARENTS} parents subscribed in ${ms(performance.now() - subscribed)}`);

  const staff = await signInBenchStaff(server.url);

  const repliedAt = new Map<string, number>();
  const replyAnswerMs: number[] = [];
  const pushes: Promise<ReceivedPush>[] = parents.map(() => service.nextPush((push) => push.status === 201, 120_000));
  const started = performance.now();
  const startedAt = Date.now();
  await pool(parents, CONCURRENCY, async ({ number }) => {
    const sent = Date.now();
    repliedAt.set(number, sent);
    const response = await staff.post(`/staff/conversations/${number.slice(1)}/replies`, {
      text: `A reply for ${number}: see you on Friday.`,
    });
    if (response.status !== 303) throw new Error(`reply: ${response.status} ${await response.text()}`);
    replyAnswerMs.push(Date.now() - sent);
  });
  const repliesDone = performance.now();
  const received = await Promise.all(pushes);
  const elapsed = performance.now() - started;

  const latencies = received
    .map((push) => push.receivedAt - (repliedAt.get(subscriptionOf.get(push.subscriptionId ?? '') ?? '') ?? startedAt))
    .sort((a, b) => a - b);
  const answers = replyAnswerMs.sort((a, b) => a - b);
  console.log(`${PARENTS} staff replies, ${CONCURRENCY} at a time, each to a different subscribed parent`);
  console.log(`  replies answered (303): p50 ${ms(percentile(answers, 50))}, p95 ${ms(percentile(answers, 95))}`);
  console.log(`  all replies sent in ${ms(repliesDone - started)}; every push answered after ${ms(elapsed)}`);
  console.log(
    `  reply to push answered: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, ` +
      `p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)}`,
  );
  console.log(`  ${(PARENTS / (elapsed / 1000)).toFixed(0)} pushes a second end to end`);
  const p95 = percentile(latencies, 95);
  console.log(`  goal p95 <= ${ms(GOAL_P95_MS)}: ${p95 <= GOAL_P95_MS ? 'met' : 'MISSED'}`);
} finally {
  await server.stop('SIGTERM');
  await service.close();
  temp.cleanup();
}
