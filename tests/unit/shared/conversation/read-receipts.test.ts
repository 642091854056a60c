import { describe, expect, it } from 'vitest';
import {
  readToSend,
  seenAt,
  withoutReadSent,
  withReadSent,
} from '../../../../src/shared/conversation/read-receipts.ts';
import type { SavedConversation } from '../../../../src/shared/conversation/store.ts';
import type { ThreadMessage } from '../../../../src/shared/webhook/conversation.ts';

const msg = (id: string, from: ThreadMessage['from']): ThreadMessage => ({
  id,
  from,
  text: `message ${id}`,
  sent_at: '2026-11-25T17:04:09.120+05:30',
  attachments: [],
});

const AT = '2026-11-25T06:35:00.000Z';
const thread = [msg('1', 'parent'), msg('2', 'staff'), msg('3', 'parent'), msg('10', 'staff'), msg('11', 'event')];
const saved = (extra: Partial<SavedConversation> = {}): SavedConversation => ({
  token: 't1',
  messages: thread,
  readReceipts: true,
  ...extra,
});

describe('"Seen" under a message', () => {
  it.each([
    ['the parent’s message the mark names', msg('3', 'parent'), { message_id: '3', at: AT }, AT],
    ['an older message of the parent’s', msg('1', 'parent'), { message_id: '3', at: AT }, undefined],
    ['a staff reply with the same id', msg('3', 'staff'), { message_id: '3', at: AT }, undefined],
    ['no mark yet', msg('3', 'parent'), undefined, undefined],
  ])('%s', (_, message, mark, expected) => {
    expect(seenAt(message, mark)).toBe(expected);
  });
});

describe('the read the chat screen reports', () => {
  it.each<[string, SavedConversation, string | undefined]>([
    ['the newest staff reply, none reported yet', saved(), '10'],
    ['a newer reply than the last reported (ids compared as numbers)', saved({ lastReadSent: '2' }), '10'],
    ['nothing when that reply was reported', saved({ lastReadSent: '10' }), undefined],
    ['nothing when read receipts are off (or the backend has none)', saved({ readReceipts: undefined }), undefined],
    ['nothing without a token', saved({ token: undefined }), undefined],
    ['nothing in a thread of the parent’s own messages', saved({ messages: [msg('1', 'parent')] }), undefined],
  ])('%s', (_, record, expected) => {
    expect(readToSend(record)).toBe(expected);
  });

  it('is noted once when queued, and taken back when the outbox could not keep it', () => {
    const queued = withReadSent(saved({ lastReadSent: '2' }), '10');
    expect(queued.lastReadSent).toBe('10');
    expect(withReadSent(queued, '10')).toBe(queued);
    const off = saved({ readReceipts: undefined });
    expect(withReadSent(off, '10')).toBe(off);
    expect(withoutReadSent(queued, '10', '2').lastReadSent).toBe('2');
    expect(withoutReadSent(withReadSent(saved(), '10'), '10', undefined)).toEqual(saved());
    // Another report went out since: it stays.
    expect(withoutReadSent(saved({ lastReadSent: '12' }), '10', '2').lastReadSent).toBe('12');
  });
});
