/** The push suites' set-up (not a test file): a real server on SQLite, pushing to a fake push service. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { makeTempPortalDir } from '../../../../bench/support/portal-process.ts';
import { newToken, tokenHash, TOKEN_LIFETIME_MS } from '../../../../server/conversation/policy.ts';
import { createConversationStore } from '../../../../server/conversation/store.ts';
import { createPortalServer, type PortalServer } from '../../../../server/server.ts';
import { createStaffStore } from '../../../../server/staff/store.ts';
import { WEBHOOK_PATH } from '../../../../src/shared/webhook/endpoint.ts';
import type { FakePushService, FakeSubscription } from '../../../support/fake-push-service.ts';
import { testConfig, WEDNESDAY_NOON_IST } from '../../../support/test-portal.ts';

/** The test roster's first parent (server/roster.test.json), as the database keys the number. */
export const PARENT_NUMBER = '+919000000001';
export const QUIET_PARENT_NUMBER = '+919000000002';

export interface PushPortal extends PortalServer {
  clock: { now: Date };
  dir: string;
  databasePath: string;
  post(body: unknown, token?: string): Promise<LightMyRequestResponse>;
  /** A verified device of the number: its bearer token, as verify_code would give it. */
  device(numberKey?: string): string;
  /** The device subscribes to the fake service through push_subscribe; the subscription it sent. */
  subscribe(token: string, extra?: Record<string, unknown>): Promise<FakeSubscription>;
  /** A staff reply as /staff stores it: the push is queued with it. */
  reply(text: string, numberKey?: string, staffName?: string): number;
  count(sql: string, ...params: unknown[]): number;
  dispose(): Promise<void>;
}

export async function startPushPortal(service: FakePushService, env: Record<string, string> = {}): Promise<PushPortal> {
  const temp = makeTempPortalDir();
  const clock = { now: WEDNESDAY_NOON_IST };
  const server = await createPortalServer(testConfig(temp, env), () => clock.now, { pushAgent: service.agent() });
  const tokens = createConversationStore(server.db);
  const staff = createStaffStore(server.db);
  const post = (body: unknown, token?: string) =>
    server.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify(body),
    } satisfies InjectOptions);
  return {
    ...server,
    clock,
    dir: temp.dir,
    databasePath: temp.databasePath,
    post,
    device(numberKey = PARENT_NUMBER) {
      const token = newToken();
      const now = clock.now;
      tokens.saveToken(tokenHash(token), numberKey, now, new Date(now.getTime() + TOKEN_LIFETIME_MS));
      return token;
    },
    async subscribe(token, extra = {}) {
      const subscription = service.subscribe({ applicationServerKey: server.push.publicKey });
      const answer = await post(
        { action: 'push_subscribe', payload: { subscription: subscription.json }, ...extra },
        token,
      );
      if (answer.statusCode !== 200) throw new Error(`push_subscribe: ${answer.statusCode} ${answer.body}`);
      return subscription;
    },
    reply: (text, numberKey = PARENT_NUMBER, staffName = 'Ms. Rao') =>
      staff.reply(numberKey, staffName, text, clock.now),
    count: (sql, ...params) =>
      (server.db
        .prepare(sql)
        .pluck()
        .get(...params) as number | undefined) ?? 0,
    async dispose() {
      await server.close();
      temp.cleanup();
    },
  };
}
