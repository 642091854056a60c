import { describe, expect, it } from 'vitest';
import { pushNotification, readPushMessage, type ShownNotification } from '../../../../src/shared/push/notification.ts';
import type { PushMessage } from '../../../../src/shared/webhook/push.ts';

const routes = {
  chat: '/registered-parent/chat',
  schedule: '/registered-parent/schedule',
  announcement: (id: string) => `/registered-parent/update?id=${id}`,
};

const reply = (id: string, changes: Partial<Extract<PushMessage, { kind: 'reply' }>> = {}): PushMessage => ({
  kind: 'reply',
  message_id: id,
  author: 'Ms. Rao',
  language: 'en',
  ...changes,
});

/** Each push in turn, shown as the worker does: the next one sees the notifications on screen. */
function showAll(messages: PushMessage[]) {
  let shown: ShownNotification[] = [];
  let last;
  for (const message of messages) {
    last = pushNotification(message, shown, routes);
    const { tag, data } = last;
    shown = [...shown.filter((notification) => notification.tag !== tag), { tag, data }];
  }
  return { last, shown };
}

describe('the notification a push becomes', () => {
  it.each([
    ['en', undefined, 'New message from Ms. Rao', ''],
    ['en', 'See you at 5', 'New message from Ms. Rao', 'See you at 5'],
    ['hi', undefined, 'Ms. Rao का नया संदेश', ''],
    ['hi', 'कल मिलते हैं', 'Ms. Rao का नया संदेश', 'कल मिलते हैं'],
  ] as const)('says a %s reply with text %s as "%s" / "%s"', (language, text, title, body) => {
    const notification = pushNotification(reply('12', { language, ...(text ? { text } : {}) }), [], routes);
    expect(notification).toMatchObject({ title, body, tag: 'conversation', lang: language });
  });

  it.each([
    ['en', '/registered-parent/chat#message-12'],
    ['hi', '/hi/registered-parent/chat#message-12'],
  ] as const)('opens a %s reply in the chat at its message: %s', (language, url) => {
    expect(pushNotification(reply('12', { language }), [], routes).data).toEqual({ url, count: 1 });
  });

  it('shows three replies as one notification, "3 new messages", opening the chat at the first', () => {
    const { last, shown } = showAll([reply('12'), reply('13'), reply('14')]);
    expect(shown).toHaveLength(1);
    expect(last).toMatchObject({
      title: '3 new messages',
      body: 'From Ms. Rao',
      tag: 'conversation',
      data: { url: '/registered-parent/chat#message-12', count: 3 },
    });
  });

  it('counts in Hindi and shows the newest text when the parent chose to see it', () => {
    const { last } = showAll([
      reply('1', { language: 'hi', text: 'पहला' }),
      reply('2', { language: 'hi', text: 'दूसरा' }),
    ]);
    expect(last).toMatchObject({ title: '2 नए संदेश', body: 'दूसरा' });
  });

  it('starts counting again once the earlier notification was dismissed', () => {
    const other = { tag: 'reminder-2026-11-28T04:30:00.000Z', data: { url: '/x', count: 1 } };
    expect(pushNotification(reply('15'), [other], routes).data.count).toBe(1);
  });

  it.each([
    ['en', 'day_before', 'Session tomorrow', 'Saturday 28 Nov, 10:00 AM, with Ms. Rao', '/registered-parent/schedule'],
    [
      'en',
      'hour_before',
      'Session in an hour',
      'Saturday 28 Nov, 10:00 AM, with Ms. Rao',
      '/registered-parent/schedule',
    ],
    [
      'hi',
      'day_before',
      'कल आपका सेशन है',
      'Saturday 28 Nov, 10:00 AM, Ms. Rao के साथ।',
      '/hi/registered-parent/schedule',
    ],
  ] as const)('says a %s %s reminder with its day, time and facilitator', (language, lead, title, body, url) => {
    const message: PushMessage = {
      kind: 'reminder',
      session: { day: 'Saturday 28 Nov', time: '10:00 AM', facilitator: 'Ms. Rao' },
      lead,
      starts_at: '2026-11-28T04:30:00.000Z',
      language,
    };
    expect(pushNotification(message, [], routes)).toMatchObject({ title, body, data: { url, count: 1 } });
  });

  it('keeps a reminder apart from the conversation, one per session', () => {
    const reminder = (starts_at: string): PushMessage => ({
      kind: 'reminder',
      session: { day: 'd', time: 't', facilitator: 'f' },
      lead: 'hour_before',
      starts_at,
      language: 'en',
    });
    const tags = [reminder('2026-11-28T04:30:00Z'), reminder('2026-11-29T04:30:00Z'), reply('1')].map(
      (message) => pushNotification(message, [], routes).tag,
    );
    expect(new Set(tags).size).toBe(3);
  });

  it.each([
    ['confirmed', 'Your new session date is confirmed.'],
    ['offered', 'The team has offered you another date. Open the schedule to answer.'],
    ['declined', 'Your request could not be met. Open the schedule to see why.'],
  ] as const)('says a request update that is %s and opens the schedule', (outcome, body) => {
    const message: PushMessage = { kind: 'request_update', request_id: 'r-1', outcome, language: 'en' };
    expect(pushNotification(message, [], routes)).toMatchObject({
      body,
      tag: 'request-r-1',
      data: { url: '/registered-parent/schedule' },
    });
  });
});

describe('an announcement’s notification', () => {
  const announcement = (changes: Partial<Extract<PushMessage, { kind: 'announcement' }>> = {}): PushMessage => ({
    kind: 'announcement',
    announcement_id: 'a-7',
    title: 'No session on Friday',
    urgent: false,
    language: 'en',
    ...changes,
  });

  it.each([
    ['without the text (show_text off)', announcement(), ''],
    ['with the text the push carries (show_text on)', announcement({ text: 'Diwali holiday.' }), 'Diwali holiday.'],
  ])('shows the title %s, and opens that announcement', (_case, message, body) => {
    expect(pushNotification(message, [], routes)).toEqual({
      title: 'No session on Friday',
      body,
      tag: 'announcement-a-7',
      lang: 'en',
      data: { url: '/registered-parent/update?id=a-7', count: 1 },
    });
  });

  it('opens the announcement in the language the push names', () => {
    const hindi = announcement({ title: 'शुक्रवार को सेशन नहीं होगा', language: 'hi' });
    expect(pushNotification(hindi, [], routes)).toMatchObject({
      lang: 'hi',
      data: { url: '/hi/registered-parent/update?id=a-7' },
    });
  });

  it('is read by the worker, and refused without its title', () => {
    expect(readPushMessage(announcement({ urgent: true }))).toEqual(announcement({ urgent: true }));
    expect(readPushMessage({ ...announcement(), title: undefined })).toBeUndefined();
  });
});

describe('a push as the worker reads it', () => {
  it.each([
    ['no object', 'hello'],
    ['no language', { kind: 'reply', message_id: '1', author: 'A' }],
    ['an unknown kind', { kind: 'ad', language: 'en' }],
    ['a reply without its id', { kind: 'reply', author: 'A', language: 'en' }],
    [
      'a reminder without its facilitator',
      { kind: 'reminder', session: { day: 'd', time: 't' }, lead: 'day_before', starts_at: 'x', language: 'en' },
    ],
    ['an unknown outcome', { kind: 'request_update', request_id: 'r', outcome: 'maybe', language: 'en' }],
  ])('refuses %s', (_, value) => {
    expect(readPushMessage(value)).toBeUndefined();
  });

  it('reads a reply', () => {
    expect(readPushMessage(reply('1', { text: 'Hi' }))).toEqual(reply('1', { text: 'Hi' }));
  });
});
