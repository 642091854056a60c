import { describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_MS } from '../../../../server/conversation/policy.ts';
import { createStaffStore } from '../../../../server/staff/store.ts';
import type { ConversationAnswers } from '../../../../src/shared/webhook/conversation.ts';
import { DEFAULT_NOTIFICATION_SETTINGS, type PushAnswers } from '../../../../src/shared/webhook/push.ts';
import { newRequestId } from '../../../../src/shared/webhook/request-id.ts';
import type { CodeRecorder } from '../../../support/code-recorder.ts';
import { asBearer, chatThread, QUIET_PARENT, verifiedToken } from '../../../support/conversation.ts';
import { TEST_PARENT } from '../../../support/envelopes.ts';
import { addStaff, staffSession } from '../../../support/staff.ts';
import type { TestPortal } from '../../../support/test-portal.ts';
import { portalPerTest } from '../portal-per-test.ts';

let codes: CodeRecorder;
let p: TestPortal;
portalPerTest((current) => ({ p, codes } = current));

/** What a parent chose on their phone: no read receipts, later quiet hours, no texts. */
const CHOSEN = { read_receipts: false, quiet_start: '22:30', quiet_end: '06:15', text_fallback: false };

const settingsOf = async (token: string, change?: Partial<typeof DEFAULT_NOTIFICATION_SETTINGS>) => {
  const answer = await p.post(
    { action: 'push_settings', ...(change ? { payload: { settings: change } } : {}) },
    asBearer(token),
  );
  expect(answer.statusCode).toBe(200);
  return (answer.json() as PushAnswers['push_settings']).settings;
};

const markRead = (token: string, through: number) =>
  p.post(
    {
      action: 'mark_read',
      user: TEST_PARENT,
      payload: { through: String(through), read_at: p.clock.now.toISOString() },
      request_id: newRequestId(),
      timestamp_ist: '2026-11-25T12:00:00+05:30',
    },
    asBearer(token),
  );

describe('a parent who signs in again', () => {
  it('keeps the settings chosen before on the new token, and staff see no read from the new phone', async () => {
    const before = await verifiedToken(p, codes, TEST_PARENT);
    await settingsOf(before, CHOSEN);

    const again = await verifiedToken(p, codes, TEST_PARENT);
    expect(again).not.toBe(before);
    const replyId = createStaffStore(p.db).reply(TEST_PARENT.number, 'Ms. Rao', 'Yes, at 4', p.clock.now);
    const thread = (await chatThread(p, again)).json() as ConversationAnswers['chat_thread'];
    expect(thread.read_receipts).toBe(false);
    expect((await markRead(again, replyId)).json()).toEqual({ recorded: false });
    await addStaff(p);
    const staff = await staffSession(p);
    expect((await staff.get(`/staff/conversations/${TEST_PARENT.number.slice(1)}`)).body).not.toContain(
      'Read by the parent',
    );
    // The notifications screen of the new phone shows what the server holds: the parent's choices.
    expect(await settingsOf(again)).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, ...CHOSEN });
  });

  it.each<[string, (token: string) => Promise<void>]>([
    [
      'logging out (revoke_token)',
      async (token) => {
        expect((await p.post({ action: 'revoke_token' }, asBearer(token))).statusCode).toBe(200);
      },
    ],
    [
      'their token’s expiry',
      async (token) => {
        p.clock.now = new Date(p.clock.now.getTime() + TOKEN_LIFETIME_MS);
        expect((await chatThread(p, token)).statusCode).toBe(401);
      },
    ],
  ])(
    'keeps the parent’s choices after %s, and starts the phone’s own show_text at its default',
    async (_case, leave) => {
      const before = await verifiedToken(p, codes, TEST_PARENT);
      expect(await settingsOf(before, { ...CHOSEN, show_text: true })).toMatchObject({ show_text: true });
      await leave(before);
      expect(p.count('SELECT count(*) FROM parent_tokens')).toBe(0);

      const again = await verifiedToken(p, codes, TEST_PARENT);
      const thread = (await chatThread(p, again)).json() as ConversationAnswers['chat_thread'];
      expect(thread.read_receipts).toBe(false);
      expect(await settingsOf(again)).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, ...CHOSEN });
    },
  );

  it('starts from the defaults when they never saved any, whatever another parent chose', async () => {
    await settingsOf(await verifiedToken(p, codes, QUIET_PARENT), CHOSEN);
    expect(await settingsOf(await verifiedToken(p, codes, TEST_PARENT))).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });
});
