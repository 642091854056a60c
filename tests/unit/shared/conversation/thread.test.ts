import 'fake-indexeddb/auto';
import { createStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import {
  attachmentAddress,
  deliveredRequestIds,
  isThreadMessage,
  mergeMessages,
  unreadCount,
} from '../../../../src/shared/conversation/thread.ts';
import { createTokenStore } from '../../../../src/shared/conversation/token-store.ts';
import type { ThreadMessage } from '../../../../src/shared/webhook/conversation.ts';

const message = (
  id: number,
  from: 'parent' | 'staff' = 'staff',
  extra: Partial<ThreadMessage> = {},
): ThreadMessage => ({
  id: String(id),
  from,
  text: `message ${id}`,
  sent_at: '2026-11-25T12:00:00.000+05:30',
  attachments: [],
  ...extra,
});

describe('the thread', () => {
  it('merges new messages into the saved ones, each once, by id (10 after 9)', () => {
    const merged = mergeMessages(
      [message(9), message(2, 'parent')],
      [message(10), message(9, 'staff', { text: 'again' })],
    );
    expect(merged.map((m) => `${m.id} ${m.text}`)).toEqual(['2 message 2', '9 again', '10 message 10']);
  });

  it('counts the staff replies after the last one seen as unread', () => {
    const messages = [message(1, 'parent'), message(2), message(3, 'parent'), message(4), message(5)];
    expect(unreadCount(messages, undefined)).toBe(3);
    expect(unreadCount(messages, '2')).toBe(2);
    expect(unreadCount(messages, '5')).toBe(0);
  });

  it('names the request_ids delivered, so the outbox shows each message once', () => {
    const ids = deliveredRequestIds([message(1, 'parent', { request_id: 'ABC-1' }), message(2)]);
    expect([...ids]).toEqual(['abc-1']);
  });

  it.each([
    [{ ...message(1), from: 'bot' }, false],
    [{ ...message(1), id: '01' }, false],
    [{ ...message(1), text: 3 }, false],
    [{ ...message(1), attachments: [{ filename: 'a.png', mimetype: 'image/png', size: 1, url: '/f' }] }, true],
    [{ ...message(1), attachments: [{ filename: 'a.png', url: '/f' }] }, false],
    [message(1), true],
  ])('reads %j as a message: %s', (value, valid) => {
    expect(isThreadMessage(value)).toBe(valid);
  });

  it.each([
    ['/api/thread/4/files/0', '/api/webhook', 'https://portal.org', 'https://portal.org/api/thread/4/files/0'],
    ['files/4/0', 'https://hooks.org/webhook/thrive', 'https://portal.org', 'https://hooks.org/webhook/files/4/0'],
    ['https://evil.example/steal', '/api/webhook', 'https://portal.org', undefined],
    ['//evil.example/steal', '/api/webhook', 'https://portal.org', undefined],
    ['http://[bad', '/api/webhook', 'https://portal.org', undefined],
  ])('fetches %j (webhook %j) only on the webhook’s origin', (url, webhook, page, address) => {
    expect(attachmentAddress(url, webhook, page)).toBe(address);
  });
});

describe('the token store', () => {
  const store = (now: () => number) => createTokenStore(createStore(`token-test-${Math.random()}`, 'token'), now);

  it('keeps the token in IndexedDB for its number, however the number is typed, until it expires', async () => {
    let now = Date.parse('2026-11-25T06:30:00Z');
    const tokens = store(() => now);
    await tokens.save('98765 43210', 'tok', '2027-02-23T06:30:00.000Z');
    expect(await tokens.read('+919876543210')).toBe('tok');
    expect(await tokens.read('9123456780')).toBeUndefined();
    now = Date.parse('2027-02-23T06:30:00Z');
    expect(await tokens.read('9876543210')).toBeUndefined();
  });

  it('forgets it at logout', async () => {
    const tokens = store(() => 0);
    await tokens.save('9876543210', 'tok', '2027-02-23T06:30:00.000Z');
    await tokens.clear();
    expect(await tokens.read('9876543210')).toBeUndefined();
  });
});
