import { describe, expect, it } from 'vitest';
import {
  textDecision,
  textRetryAt,
  TEXT_MAX_ATTEMPTS,
  type NoticeFacts,
  type TextDecision,
} from '../../../../src/shared/push/text-fallback.ts';
import {
  fillTemplate,
  smsParts,
  TEXT_TEMPLATES,
  textId,
  textLink,
} from '../../../../src/shared/push/text-templates.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../../src/shared/webhook/push.ts';

const at = (time: string) => new Date(`2026-11-25T${time}:00+05:30`);
const MINUTES_30 = 30 * 60 * 1000;

const facts = (changes: Partial<NoticeFacts> = {}): NoticeFacts => ({
  kind: 'reply',
  urgent: false,
  createdAt: at('12:00'),
  seen: false,
  pushed: false,
  queued: false,
  settings: DEFAULT_NOTIFICATION_SETTINGS,
  textedToday: 0,
  ...changes,
});

describe('whether a notice not seen is texted', () => {
  it.each<[string, Partial<NoticeFacts>, string, TextDecision]>([
    ['waits for the wait to end', {}, '12:29', { kind: 'hold', until: at('12:30') }],
    ['goes once it has', {}, '12:30', { kind: 'send' }],
    ['not when seen', { seen: true }, '12:30', { kind: 'skip', reason: 'seen' }],
    ['not when a push reached a phone', { pushed: true }, '12:30', { kind: 'skip', reason: 'pushed' }],
    [
      'not when texts are off',
      { settings: { ...DEFAULT_NOTIFICATION_SETTINGS, text_fallback: false } },
      '12:30',
      { kind: 'skip', reason: 'off' },
    ],
    ['not a second one the same day', { textedToday: 1 }, '12:30', { kind: 'skip', reason: 'limit' }],
    ['a queued one is retried past the limit', { textedToday: 1, queued: true }, '12:30', { kind: 'send' }],
    [
      'a queued one whose retry falls in the quiet hours waits for their end',
      { createdAt: at('20:00'), queued: true },
      '21:05',
      { kind: 'hold', until: new Date('2026-11-26T07:00:00+05:30') },
    ],
    [
      'sent in the quiet hours: the wait starts at their end',
      { createdAt: at('22:00') },
      '23:00',
      { kind: 'hold', until: new Date('2026-11-26T07:30:00+05:30') },
    ],
    [
      'a wait ending in the quiet hours: held until they end',
      { createdAt: at('20:45') },
      '21:15',
      { kind: 'hold', until: new Date('2026-11-26T07:00:00+05:30') },
    ],
    [
      'an urgent update goes at once, in the quiet hours too',
      { kind: 'announcement', urgent: true, createdAt: at('22:00'), textedToday: 3 },
      '22:00',
      { kind: 'send' },
    ],
    ['an urgent reply is no such thing', { urgent: true }, '12:10', { kind: 'hold', until: at('12:30') }],
  ])('%s', (_, changes, now, expected) => {
    expect(textDecision(facts(changes), at(now), MINUTES_30)).toEqual(expected);
  });
});

describe('a text the gateway failed', () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [7, 30 * 60_000],
  ])('after try %i comes back %i ms later (no jitter)', (attempts, delay) => {
    expect(textRetryAt(attempts, at('12:00'), () => 0)?.getTime()).toBe(at('12:00').getTime() + delay);
  });

  it('is given up after the last try', () => {
    expect(textRetryAt(TEXT_MAX_ATTEMPTS, at('12:00'))).toBeUndefined();
  });
});

describe('the text templates', () => {
  const values = { author: 'Ms. Rao', link: 'https://portal.thrive.example/registered-parent/chat' };
  const rows = (Object.keys(TEXT_TEMPLATES) as (keyof typeof TEXT_TEMPLATES)[]).flatMap((kind) =>
    (['en', 'hi'] as const).map((language) => ({ kind, language, ...smsParts(fillTemplate(kind, language, values)) })),
  );

  it('fit one SMS part in English, and print each one’s length', () => {
    console.table(rows);
    for (const row of rows.filter((one) => one.language === 'en')) {
      expect(row).toMatchObject({ encoding: 'GSM-7', parts: 1 });
    }
    // Hindi is UCS-2: a 50-character link alone leaves 20 for the words, so a Hindi text takes two parts.
    for (const row of rows.filter((one) => one.language === 'hi')) expect(row.encoding).toBe('UCS-2');
  });

  it('carry no message, only who wrote and the link, and read a value’s braces as text', () => {
    expect(fillTemplate('reply', 'en', { author: '{#link#}', link: 'https://x.example/c' })).toBe(
      'Thrive: {#link#} replied to your message. Read it in the portal: https://x.example/c',
    );
  });

  it.each([
    ['reply', null, 'https://p.example/chat'],
    ['request_update', null, 'https://p.example/chat'],
    ['announcement', 'a1b2', 'https://p.example/update?id=a1b2'],
  ] as const)('links a %s to its screen', (kind, announcement_id, link) => {
    const routes = { chat: '/chat', announcement: (id: string) => `/update?id=${id}` };
    expect(textLink({ kind, announcement_id }, 'https://p.example', routes)).toBe(link);
  });

  it('are sent under an id of their queue row: the same at every try, another for another row or a row made anew', () => {
    const row = { id: 7, created_at: '2026-11-25T06:30:00.000Z' };
    expect(textId(row)).toBe(textId({ ...row }));
    expect(textId(row)).toBe(textId({ ...row, id: '7' }));
    expect(textId({ ...row, id: 8 })).not.toBe(textId(row));
    expect(textId({ ...row, created_at: '2026-11-26T09:00:00.000Z' })).not.toBe(textId(row));
  });

  it.each([
    ['Hello', { encoding: 'GSM-7', length: 5, parts: 1 }],
    ['a'.repeat(161), { encoding: 'GSM-7', length: 161, parts: 2 }],
    ['[€]', { encoding: 'GSM-7', length: 6, parts: 1 }],
    ['नमस्ते', { encoding: 'UCS-2', length: 6, parts: 1 }],
  ])('counts %s in SMS units', (text, expected) => {
    expect(smsParts(text)).toEqual(expected);
  });
});
