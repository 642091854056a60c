import { describe, expect, it } from 'vitest';
import { announcementPath } from '../../../../src/config/paths.ts';
import { createRosterAdmin } from '../../../../server/roster/roster-admin.ts';
import { newRequestId } from '../../../../src/shared/webhook/request-id.ts';
import { envelope } from '../../../support/envelopes.ts';
import { addStaff, staffSession } from '../../../support/staff.ts';
import { PARENT_NUMBER, QUIET_PARENT_NUMBER, type PushPortal } from './push-portal.ts';
import { MINUTE, textPortalPerTest, WAIT_S, type FakeGateway, type TextSuite } from './text-portal.ts';

let p: PushPortal;
let gateway: FakeGateway;
let after: TextSuite['after'];
let textsTo: TextSuite['textsTo'];
textPortalPerTest((suite) => ({ p, gateway, after, textsTo } = suite));

describe('a text for a notification not seen', () => {
  it('goes once, after the wait, to the parent no push reached, and never to the one pushed', async () => {
    await p.subscribe(p.device(PARENT_NUMBER));
    p.device(QUIET_PARENT_NUMBER);
    p.reply('Your child did well today', PARENT_NUMBER);
    p.reply('Your child did well today', QUIET_PARENT_NUMBER);
    p.push.replyStored();
    await after(0);
    expect(gateway.texts).toEqual([]);

    await after(WAIT_S * 1000 - 1000);
    expect(gateway.texts).toEqual([]);
    await after(1000);
    expect(textsTo(PARENT_NUMBER)).toEqual([]);
    expect(textsTo(QUIET_PARENT_NUMBER)).toEqual([
      {
        authorization: 'Bearer gateway-secret',
        body: {
          id: expect.stringMatching(/^[0-9a-z]+-\d+$/),
          phone: QUIET_PARENT_NUMBER,
          language: 'en',
          template: 'reply',
          values: { author: 'Ms. Rao', link: 'https://portal.thrive.example/registered-parent/chat' },
          text: 'Thrive: Ms. Rao replied to your message. Read it in the portal: https://portal.thrive.example/registered-parent/chat',
        },
      },
    ]);
    await after(60 * MINUTE);
    expect(gateway.texts).toHaveLength(1);
  });

  it('is not sent when the parent opens the chat before the wait ends', async () => {
    const token = p.device(QUIET_PARENT_NUMBER);
    p.reply('See you on Friday', QUIET_PARENT_NUMBER);
    await after(5 * MINUTE);
    expect((await p.post({ action: 'chat_thread' }, token)).statusCode).toBe(200);
    await after(WAIT_S * 1000);
    expect(gateway.texts).toEqual([]);
  });

  it('waits for the end of the quiet hours', async () => {
    p.device(QUIET_PARENT_NUMBER);
    p.clock.now = new Date('2026-11-25T20:55:00+05:30');
    p.reply('Tomorrow’s session is on', QUIET_PARENT_NUMBER);
    await after(60 * MINUTE);
    expect(gateway.texts).toEqual([]);
    p.clock.now = new Date('2026-11-26T06:59:00+05:30');
    await after(0);
    expect(gateway.texts).toEqual([]);
    await after(MINUTE);
    expect(textsTo(QUIET_PARENT_NUMBER)).toHaveLength(1);
  });

  it('goes once a day: a second reply the same day sends no second text', async () => {
    p.reply('First', QUIET_PARENT_NUMBER);
    await after(WAIT_S * 1000);
    p.reply('Second', QUIET_PARENT_NUMBER);
    await after(WAIT_S * 1000);
    await after(60 * MINUTE);
    expect(textsTo(QUIET_PARENT_NUMBER)).toHaveLength(1);
  });

  it('counts on the day it is sent: a retry the quiet hours held to the morning is that day’s one text', async () => {
    p.clock.now = new Date('2026-11-25T20:45:00+05:30');
    gateway.answers = [503];
    p.reply('Tomorrow’s session is on', QUIET_PARENT_NUMBER);
    await after(WAIT_S * 1000);
    expect(gateway.tries).toHaveLength(1);
    p.clock.now = new Date('2026-11-25T21:30:00+05:30');
    await after(0);
    expect(gateway.tries).toHaveLength(1);
    p.clock.now = new Date('2026-11-26T07:00:00+05:30');
    await after(0);
    expect(textsTo(QUIET_PARENT_NUMBER)).toHaveLength(1);

    p.reply('See you at four', QUIET_PARENT_NUMBER);
    await after(WAIT_S * 1000);
    await after(60 * MINUTE);
    expect(textsTo(QUIET_PARENT_NUMBER)).toHaveLength(1);
  });

  it('is not sent to a parent removed from the roster before the wait ends', async () => {
    p.device(QUIET_PARENT_NUMBER);
    p.reply('Your child did well today', QUIET_PARENT_NUMBER);
    p.push.replyStored();
    const roster = createRosterAdmin(p.db);
    const leaving = roster.entry(QUIET_PARENT_NUMBER);
    expect(leaving).toBeDefined();
    expect(roster.apply({ removed: leaving ? [leaving] : [] }, 'meera@thrive.example', p.clock.now)).toBe(true);
    await after(WAIT_S * 1000);
    expect(gateway.texts).toEqual([]);
  });

  it('is tried again with backoff when the gateway fails, and sent once, each try under the one id', async () => {
    gateway.answers = [503, 500];
    p.reply('Please call us', QUIET_PARENT_NUMBER);
    await after(WAIT_S * 1000);
    expect(gateway.texts).toEqual([]);
    await after(MINUTE);
    expect(gateway.texts).toEqual([]);
    await after(2 * MINUTE);
    expect(textsTo(QUIET_PARENT_NUMBER)).toHaveLength(1);
    await after(60 * MINUTE);
    expect(gateway.texts).toHaveLength(1);
    // A gateway that dedupes on the id sends it once, whichever of the three tries it took.
    expect(gateway.tries).toHaveLength(3);
    expect(new Set(gateway.tries.map((text) => text.id)).size).toBe(1);
    // The next day's text is another text, under another id.
    await after(24 * 60 * MINUTE);
    p.reply('Tomorrow at four', QUIET_PARENT_NUMBER);
    await after(WAIT_S * 1000);
    const [first, second] = textsTo(QUIET_PARENT_NUMBER);
    expect(second?.body.id).toMatch(/^[0-9a-z]+-\d+$/);
    expect(second?.body.id).not.toBe(first?.body.id);
  });

  it('stops at once when the parent turns texts off, and names an outcome’s author in Hindi', async () => {
    const token = p.device(QUIET_PARENT_NUMBER);
    await p.post({ action: 'push_settings', payload: { settings: { text_fallback: false } } }, token);
    p.reply('Off', QUIET_PARENT_NUMBER);
    await after(WAIT_S * 1000);
    expect(gateway.texts).toEqual([]);

    await p.post({ action: 'push_settings', payload: { settings: { text_fallback: true } }, language: 'hi' }, token);
    p.push.notifyRequestUpdate(QUIET_PARENT_NUMBER, {
      request_id: newRequestId(),
      outcome: 'declined',
      author: 'Meera',
    });
    await after(WAIT_S * 1000);
    expect(
      textsTo(QUIET_PARENT_NUMBER).map((text) => [text.body.template, text.body.language, text.body.text]),
    ).toEqual([
      [
        'request_update',
        'hi',
        'Thrive: आपके अनुरोध का जवाब आया है। देखें: https://portal.thrive.example/registered-parent/chat',
      ],
    ]);
  });
});

describe('the texts of a parent with no phone signed in', () => {
  /** The parent chose `settings` on their phone in `language`, then logged out: no token of theirs is left. */
  const choseThenLoggedOut = async (settings: object, language: 'en' | 'hi') => {
    const token = p.device(QUIET_PARENT_NUMBER);
    await p.post({ action: 'push_settings', payload: { settings }, language }, token);
    expect((await p.post({ action: 'revoke_token' }, token)).statusCode).toBe(200);
    expect(p.count('SELECT count(*) FROM parent_tokens WHERE number_key = ?', QUIET_PARENT_NUMBER)).toBe(0);
  };

  it('stay off when the parent turned texts off before logging out', async () => {
    await choseThenLoggedOut({ text_fallback: false }, 'en');
    p.reply('Your child did well today', QUIET_PARENT_NUMBER);
    p.push.replyStored();
    await after(WAIT_S * 1000);
    await after(60 * MINUTE);
    expect(gateway.texts).toEqual([]);
    expect(p.count("SELECT count(*) FROM text_notices WHERE state = 'off'")).toBe(1);
  });

  it('follow the settings and the language the parent saved last', async () => {
    await choseThenLoggedOut({ quiet_start: '00:00', quiet_end: '00:00' }, 'hi');
    // In the default quiet hours: texted at once only because the parent turned them off.
    p.clock.now = new Date('2026-11-25T23:00:00+05:30');
    p.reply('Your child did well today', QUIET_PARENT_NUMBER);
    p.push.replyStored();
    await after(WAIT_S * 1000);
    expect(textsTo(QUIET_PARENT_NUMBER).map((text) => text.body.language)).toEqual(['hi']);
  });
});

describe('a text for an update from the programme', () => {
  const QUIET_PARENT = { name: 'Quiet Parent', number: QUIET_PARENT_NUMBER };

  /** Staff send an update to every parent on the roster; its id. */
  async function announce(urgent: boolean): Promise<string> {
    await addStaff(p);
    const staff = await staffSession(p);
    const form = { title_en: 'No session on Friday', body_en: 'The centre is closed.', title_hi: '', body_hi: '' };
    const sent = await staff.post('/staff/announcements', {
      csrf: await staff.csrf(),
      ...form,
      audience: 'all',
      ...(urgent ? { urgent: '1', urgent_confirmed: '1' } : {}),
    });
    expect(sent.statusCode).toBe(303);
    return p.db.prepare<[], string>('SELECT id FROM announcements').pluck().get() ?? '';
  }

  it('goes after the wait to a parent who has not opened it, and not to one who has', async () => {
    const id = await announce(false);
    const opened = await p.post({
      action: 'mark_announcement_seen',
      user: QUIET_PARENT,
      payload: { announcement_id: id },
      request_id: newRequestId(),
      timestamp_ist: '2026-11-25T12:05:00+05:30',
    });
    expect(opened.statusCode).toBe(200);
    await after(WAIT_S * 1000 - 1000);
    expect(gateway.texts).toEqual([]);
    await after(1000);
    expect(textsTo(QUIET_PARENT_NUMBER)).toEqual([]);
    expect(textsTo(PARENT_NUMBER).map((text) => [text.body.template, text.body.text])).toEqual([
      [
        'announcement',
        `Thrive: a new update from Thrive. Read it in the portal: https://portal.thrive.example${announcementPath(id)}`,
      ],
    ]);
  });

  it('is not sent once staff withdraw the update before the wait ends', async () => {
    const id = await announce(false);
    const staff = await staffSession(p);
    const withdrawn = await staff.post(`/staff/announcements/${id}/withdraw`, { csrf: await staff.csrf() });
    expect(withdrawn.statusCode).toBe(303);
    await after(WAIT_S * 1000);
    expect(gateway.texts).toEqual([]);
  });

  it('goes at once when urgent, in the quiet hours too', async () => {
    p.clock.now = new Date('2026-11-25T22:00:00+05:30');
    await announce(true);
    await after(0);
    expect(gateway.texts.map((text) => text.body.phone).sort()).toEqual([PARENT_NUMBER, QUIET_PARENT_NUMBER]);
  });
});

describe('read receipts', () => {
  const markRead = (token: string, through: number, number = QUIET_PARENT_NUMBER) =>
    p.post(
      {
        action: 'mark_read',
        user: { name: 'Quiet Parent', number },
        payload: { through: String(through), read_at: p.clock.now.toISOString() },
        request_id: newRequestId(),
        timestamp_ist: '2026-11-25T12:00:00+05:30',
      },
      token,
    );

  it('tell the parent when the programme opened their message, and staff when the parent read the reply', async () => {
    const token = p.device(QUIET_PARENT_NUMBER);
    const sent = await p.post(
      envelope(
        'chat_facilitator',
        { message: 'Is there a session on Friday?', attachments: [] },
        { user: { name: 'Quiet Parent', number: QUIET_PARENT_NUMBER } },
      ),
      token,
    );
    expect(sent.statusCode).toBe(200);
    const before = JSON.parse((await p.post({ action: 'chat_thread' }, token)).body) as Record<string, unknown>;
    expect(before.seen).toBeUndefined();
    expect(before.read_receipts).toBe(true);

    await addStaff(p);
    const staff = await staffSession(p);
    p.clock.now = new Date('2026-11-25T12:05:00+05:30');
    const page = `/staff/conversations/${QUIET_PARENT_NUMBER.slice(1)}`;
    expect((await staff.get(page)).statusCode).toBe(200);
    const thread = JSON.parse((await p.post({ action: 'chat_thread' }, token)).body) as {
      messages: { id: string }[];
      seen: unknown;
    };
    expect(thread.seen).toEqual({ message_id: thread.messages[0]?.id, at: '2026-11-25T06:35:00.000Z' });

    const replyId = p.reply('Yes, at 4', QUIET_PARENT_NUMBER);
    p.clock.now = new Date('2026-11-25T12:10:00+05:30');
    expect(JSON.parse((await markRead(token, replyId)).body)).toEqual({ recorded: true });
    expect((await staff.get(page)).body).toContain('Read by the parent, 25 Nov 2026, 12:10 PM');
  });

  it('are not kept from a phone that turned them off', async () => {
    const token = p.device(QUIET_PARENT_NUMBER);
    await p.post({ action: 'push_settings', payload: { settings: { read_receipts: false } } }, token);
    const replyId = p.reply('Yes, at 4', QUIET_PARENT_NUMBER);
    expect(JSON.parse((await markRead(token, replyId)).body)).toEqual({ recorded: false });
    await addStaff(p);
    const staff = await staffSession(p);
    expect((await staff.get(`/staff/conversations/${QUIET_PARENT_NUMBER.slice(1)}`)).body).not.toContain(
      'Read by the parent',
    );
    // Read is read, though: the phone has it, so no text goes for it.
    await after(WAIT_S * 1000);
    expect(gateway.texts).toEqual([]);
  });
});
