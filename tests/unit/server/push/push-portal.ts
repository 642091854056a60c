/** The push suites' set-up (not a test file): a real server on SQLite, pushing to a fake push service. */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { newToken, tokenHash, TOKEN_LIFETIME_MS } from '../../../../server/conversation/policy.ts';
import { conversationStore } from '../../../../server/conversation/store.ts';
import { createStaffStore } from '../../../../server/staff/store.ts';
import { FakePushService, type FakeSubscription } from '../../../support/fake-push-service.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

/** The test roster's first parent (server/roster.test.json), as the database keys the number. */
export const PARENT_NUMBER = '+919000000001';
export const QUIET_PARENT_NUMBER = '+919000000002';

export interface PushPortal extends Omit<TestPortal, 'post'> {
  post(body: unknown, token?: string): Promise<LightMyRequestResponse>;
  /** A verified device of the number: its bearer token, as verify_code would give it. */
  device(numberKey?: string): string;
  /** The device subscribes to the fake service through push_subscribe; the subscription it sent. */
  subscribe(token: string, extra?: Record<string, unknown>): Promise<FakeSubscription>;
  /** A staff reply as /staff stores it: the push is queued with it. */
  reply(text: string, numberKey?: string, staffName?: string): number;
}

/** The test portal (startTestPortal) pushing through the fake service, with a parent's devices and staff replies. */
export async function startPushPortal(service: FakePushService, env: Record<string, string> = {}): Promise<PushPortal> {
  const portal = await startTestPortal(env, { pushAgent: service.agent() });
  const tokens = conversationStore(portal.db);
  const staff = createStaffStore(portal.db);
  const post = (body: unknown, token?: string) =>
    portal.post(body, {
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  return {
    ...portal,
    post,
    device(numberKey = PARENT_NUMBER) {
      const token = newToken();
      const now = portal.clock.now;
      tokens.saveToken(tokenHash(token), numberKey, now, new Date(now.getTime() + TOKEN_LIFETIME_MS));
      return token;
    },
    async subscribe(token, extra = {}) {
      const subscription = service.subscribe({ applicationServerKey: portal.push.publicKey });
      const answer = await post(
        { action: 'push_subscribe', payload: { subscription: subscription.json }, ...extra },
        token,
      );
      if (answer.statusCode !== 200) throw new Error(`push_subscribe: ${answer.statusCode} ${answer.body}`);
      return subscription;
    },
    reply: (text, numberKey = PARENT_NUMBER, staffName = 'Ms. Rao') =>
      staff.reply(numberKey, staffName, text, portal.clock.now),
  };
}

/** One fake push service for the file and a fresh push portal for every test; `take` gets them before each test. */
export function pushPortalPerTest(take: (current: { p: PushPortal; service: FakePushService }) => void): void {
  let service: FakePushService;
  let p: PushPortal;
  beforeAll(async () => {
    service = await FakePushService.start();
  });
  afterAll(() => service.close());
  beforeEach(async () => {
    p = await startPushPortal(service);
    take({ p, service });
  });
  afterEach(() => p.dispose());
}
