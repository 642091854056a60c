/**
 * Web Push through a real server process, as deployed: `node server/main.ts`
 * reaches the fake push service only through the endpoint of the subscription
 * the parent's device sent (trusting its certificate through
 * NODE_EXTRA_CA_CERTS, as a deployment trusts the public CAs), and is killed
 * with SIGKILL while a push is on its way.
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempPortalDir, spawnPortal, type SpawnedPortal } from '../../../../bench/support/portal-process.ts';
import { newToken, tokenHash } from '../../../../server/conversation/policy.ts';
import { hashSecret } from '../../../../server/conversation/secrets.ts';
import { STAFF_COOKIE } from '../../../../server/staff/routes.ts';
import { chat, envelope, TEST_PARENT } from '../../../support/envelopes.ts';
import { FakePushService, type FakeSubscription, type ReceivedPush } from '../../../support/fake-push-service.ts';
import { QUIET_PARENT } from '../../../support/conversation.ts';
import { TEST_ROSTER_PATH, TEST_SECRET_COST } from '../../../support/test-portal.ts';

const temp = makeTempPortalDir();
let service: FakePushService;
let env: Record<string, string>;
let server: SpawnedPortal | undefined;
const STAFF = { email: 'meera@thrive.example', name: 'Meera Nair', password: 'correct horse battery' };

beforeAll(async () => {
  service = await FakePushService.start();
  env = {
    DATABASE_PATH: temp.databasePath,
    DIST_DIR: temp.distDir,
    ROSTER_PATH: TEST_ROSTER_PATH,
    RATE_LIMIT_MAX: '0',
    RATE_LIMIT_PER_NUMBER_MAX: '0',
    NODE_EXTRA_CA_CERTS: service.writeCaFile(),
    PUSH_SERVICE_HOSTS: '127.0.0.1',
  };
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  await service.close();
  temp.cleanup();
});

function write(sql: string, ...params: unknown[]): void {
  const db = new Database(temp.databasePath);
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** A verified device of the number, its token stored as verify_code stores it. */
function device(numberKey: string): string {
  const token = newToken();
  const now = new Date();
  write(
    'INSERT INTO parent_tokens (token_hash, number_key, created_at, expires_at) VALUES (?, ?, ?, ?)',
    tokenHash(token),
    numberKey,
    now.toISOString(),
    new Date(now.getTime() + 86_400_000).toISOString(),
  );
  return token;
}

async function webhook(body: unknown, token?: string) {
  const response = await fetch(`${server?.url}/api/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as Record<string, unknown> };
}

/** The device turns notifications on as the portal does: the server's key, the subscription, no quiet hours. */
async function turnOn(token: string): Promise<FakeSubscription> {
  const { body } = await webhook({ action: 'push_settings' }, token);
  const subscription = service.subscribe({ applicationServerKey: String(body.public_key) });
  // Quiet hours and session reminders off: the test runs at any hour, and both have their own tests. With reminders
  // on, the test parent's phone would also get the reminder due in the ten minutes after an hour before each of its
  // sessions (or 18:00 the day before), whenever the test happens to run then.
  const settings = { quiet_start: '00:00', quiet_end: '00:00', reminders: false };
  const answer = await webhook(
    { action: 'push_subscribe', payload: { subscription: subscription.json, settings } },
    token,
  );
  expect(answer.status).toBe(200);
  return subscription;
}

/** Staff sign in on /staff and reply with the form, as a facilitator does; the reply's answer status. */
async function staffReply(numberKey: string, text: string): Promise<number> {
  const signIn = await fetch(`${server?.url}/staff/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: STAFF.email, password: STAFF.password }).toString(),
  });
  const cookie = new RegExp(`${STAFF_COOKIE}=[^;]*`).exec(signIn.headers.get('set-cookie') ?? '')?.[0] ?? '';
  const path = `${server?.url}/staff/conversations/${numberKey.slice(1)}`;
  const page = await (await fetch(path, { headers: { cookie } })).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const reply = await fetch(`${path}/replies`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, text }).toString(),
  });
  return reply.status;
}

const to = (subscription: FakeSubscription) => (push: ReceivedPush) => push.subscriptionId === subscription.id;

describe('Web Push from the server process', () => {
  it('sends a staff reply within 5 s, loses none to a SIGKILL, and sends nothing after logout', async () => {
    server = await spawnPortal(env);
    write(
      'INSERT INTO staff (email, name, password_hash, created_at) VALUES (?, ?, ?, ?)',
      STAFF.email,
      STAFF.name,
      await hashSecret(STAFF.password, TEST_SECRET_COST),
      new Date().toISOString(),
    );
    // Each parent's thread starts with a message of theirs.
    expect((await webhook(chat('Hello', []))).status).toBe(200);
    expect(
      (await webhook(envelope('chat_facilitator', { message: 'Hi', attachments: [] }, { user: QUIET_PARENT }))).status,
    ).toBe(200);
    const token = device(TEST_PARENT.number);
    const phone = await turnOn(token);
    const other = await turnOn(device('+919000000002'));

    const sentAt = Date.now();
    expect(await staffReply(TEST_PARENT.number, 'See you on Friday.')).toBe(303);
    const first = await service.nextPush(to(phone));
    expect(first.receivedAt - sentAt).toBeLessThan(5_000);
    expect(first.json).toMatchObject({ kind: 'reply', author: STAFF.name, language: 'en' });
    expect(first.json).not.toHaveProperty('text');

    // The push service holds its answer: the push is on its way when the server dies.
    let answer = () => {};
    service.answer(phone, { status: 201, until: new Promise<void>((resolve) => (answer = resolve)) });
    expect(await staffReply(TEST_PARENT.number, 'Bring the workbook.')).toBe(303);
    const held = await service.nextPush(to(phone));
    await server.stop('SIGKILL');
    answer();
    server = await spawnPortal(env);
    const again = await service.nextPush(to(phone));
    expect(again.json).toEqual(held.json);
    expect(again.status).toBe(201);

    // Logout: the token's subscription goes; a reply then sends nothing to it. The other parent's push, queued after
    // it, shows the sender has passed where it would have been.
    expect((await webhook({ action: 'revoke_token' }, token)).status).toBe(200);
    expect(await staffReply(TEST_PARENT.number, 'Are you there?')).toBe(303);
    expect(await staffReply('+919000000002', 'Hello to you too.')).toBe(303);
    await service.nextPush(to(other));
    expect(service.pushesTo(phone)).toHaveLength(3);
  }, 60_000);
});
