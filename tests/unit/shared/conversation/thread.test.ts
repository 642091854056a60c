import { describe, expect, it } from 'vitest';
import {
  compareIds,
  mergeThread,
  newestReplyId,
  readThreadPage,
  unreadCount,
} from '../../../../src/shared/conversation/thread.ts';
import type { ThreadMessage } from '../../../../src/shared/webhook/conversation.ts';

const msg = (id: string, from: 'parent' | 'staff' = 'parent', extra: Partial<ThreadMessage> = {}): ThreadMessage => ({
  id,
  from,
  text: `message ${id}`,
  sent_at: '2026-11-25T17:04:09.120+05:30',
  attachments: [],
  ...extra,
});

describe('readThreadPage', () => {
  it('reads a chat_thread answer', () => {
    const body = { messages: [msg('1'), msg('2', 'staff', { author: 'Priya' })], cursor: '2', more: false };
    expect(readThreadPage(body)).toEqual(body);
  });

  it.each([
    ['not an object', 'Thread'],
    ['no cursor', { messages: [], more: false }],
    ['a cursor with a slash', { messages: [], cursor: 'a/b', more: false }],
    ['more not a boolean', { messages: [], cursor: '1', more: 'no' }],
    ['an id that is not decimal', { messages: [msg('x1')], cursor: '1', more: false }],
    ['an unknown sender', { messages: [{ ...msg('1'), from: 'bot' }], cursor: '1', more: false }],
    ['a date that does not parse', { messages: [msg('1', 'parent', { sent_at: 'soon' })], cursor: '1', more: false }],
    [
      'an attachment without a url',
      {
        messages: [{ ...msg('1'), attachments: [{ filename: 'a', mimetype: 'image/png', size: 1 }] }],
        cursor: '1',
        more: false,
      },
    ],
  ])('refuses %s', (_, body) => {
    expect(readThreadPage(body)).toBeUndefined();
  });

  const page = { messages: [msg('1')], cursor: '1', more: false };
  const SEEN = { message_id: '1', at: '2026-11-25T06:35:00.000Z' };
  it.each([
    ['both', { seen: SEEN, read_receipts: true }, { seen: SEEN, readReceipts: true }],
    ['read receipts off', { read_receipts: false }, { readReceipts: false }],
    ['none (a backend without them)', {}, {}],
    ['a mark without its time, left out', { seen: { message_id: '1' } }, {}],
    ['a mark naming no message id, left out', { seen: { message_id: 'x', at: SEEN.at } }, {}],
    ['read_receipts not a boolean, left out', { read_receipts: 'yes' }, {}],
  ])('reads the read receipts: %s', (_, receipts, read) => {
    expect(readThreadPage({ ...page, ...receipts })).toEqual({ ...page, ...read });
  });
});

describe('mergeThread', () => {
  it('orders ids as numbers, whatever their length', () => {
    expect(['10', '9', '100', '11'].sort(compareIds)).toEqual(['9', '10', '11', '100']);
    expect(compareIds('12345678901234567890', '12345678901234567891')).toBeLessThan(0);
  });

  it('adds a page after the thread, each id once, oldest first', () => {
    const merged = mergeThread(
      [msg('1'), msg('3')],
      [msg('3', 'parent', { text: 'again' }), msg('2'), msg('4', 'staff')],
    );
    expect(merged.map((m) => m.id)).toEqual(['1', '2', '3', '4']);
    expect(merged[2]?.text).toBe('again');
  });

  it('adds a page of newer messages at the end, the messages it held kept as they were', () => {
    const held = [msg('9'), msg('10')];
    const merged = mergeThread(held, [msg('11'), msg('100')]);
    expect(merged.map((m) => m.id)).toEqual(['9', '10', '11', '100']);
    expect(merged[0]).toBe(held[0]);
    expect(mergeThread([msg('2'), msg('10')], [msg('9')]).map((m) => m.id)).toEqual(['2', '9', '10']);
  });

  it('keeps the thread when a page is empty', () => {
    expect(mergeThread([msg('1')], [])).toEqual([msg('1')]);
  });
});

describe('unread', () => {
  const thread = [msg('1'), msg('2', 'staff'), msg('3'), msg('4', 'staff'), msg('10', 'staff')];

  it('counts the staff replies newer than the last one seen', () => {
    expect(unreadCount(thread, undefined)).toBe(3);
    expect(unreadCount(thread, '2')).toBe(2);
    expect(unreadCount(thread, '4')).toBe(1);
    expect(unreadCount(thread, '10')).toBe(0);
  });

  it('never counts the parent’s own messages', () => {
    expect(unreadCount([msg('5'), msg('6')], undefined)).toBe(0);
  });

  it('finds the newest reply, which reading the thread marks as seen', () => {
    expect(newestReplyId(thread)).toBe('10');
    expect(newestReplyId([msg('1')])).toBeUndefined();
  });
});
