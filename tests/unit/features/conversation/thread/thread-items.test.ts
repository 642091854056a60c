import { describe, expect, it } from 'vitest';
import {
  drawnItems,
  earlierKey,
  firstDrawnKey,
  itemKey,
  THREAD_FIRST,
  THREAD_MORE,
  threadItems,
} from '../../../../../src/features/conversation/thread/thread-items.ts';
import type { OutboxEntry, OutboxState } from '../../../../../src/shared/outbox/types.ts';
import type { ThreadMessage } from '../../../../../src/shared/webhook/conversation.ts';

const msg = (id: string, from: 'parent' | 'staff' = 'parent', extra: Partial<ThreadMessage> = {}): ThreadMessage => ({
  id,
  from,
  text: `message ${id}`,
  sent_at: '2026-11-25T17:04:09.120+05:30',
  attachments: [],
  ...extra,
});

function chatEntry(requestId: string, state: OutboxState = 'queued'): OutboxEntry {
  return {
    id: requestId,
    seq: 1,
    state,
    attempts: 0,
    queuedAt: 0,
    nextAttemptAt: 0,
    stale: false,
    envelope: {
      action: 'chat_facilitator',
      user: { name: 'Asha Verma', number: '9876543210' },
      payload: {
        message: `text of ${requestId}`,
        attachments: [{ filename: 'a.jpg', mimetype: 'image/jpeg', blob: new Blob(['x']) }],
      },
      timestamp_ist: '2026-11-25T18:00:00.000+05:30',
      request_id: requestId,
    },
  };
}

describe('threadItems', () => {
  it('lists the outbox messages after the thread, with their state', () => {
    const items = threadItems([msg('1')], [chatEntry('r-1'), chatEntry('r-2', 'failed')]);
    expect(items.map((item) => (item.kind === 'message' ? item.message.id : item.waiting.requestId))).toEqual([
      '1',
      'r-1',
      'r-2',
    ]);
    expect(items[2]).toEqual({
      kind: 'waiting',
      waiting: {
        requestId: 'r-2',
        text: 'text of r-2',
        files: ['a.jpg'],
        sentAt: '2026-11-25T18:00:00.000+05:30',
        state: 'failed',
      },
    });
  });

  it('shows a message once when the thread already has what the outbox holds', () => {
    const items = threadItems([msg('1', 'parent', { request_id: 'r-1' })], [chatEntry('r-1', 'sending')]);
    expect(items).toEqual([{ kind: 'message', message: msg('1', 'parent', { request_id: 'r-1' }) }]);
  });

  it('leaves out saved requests that are not chat messages', () => {
    const reschedule: OutboxEntry = {
      ...chatEntry('r-3'),
      envelope: {
        action: 'reschedule_single',
        user: { name: 'Asha Verma', number: '9876543210' },
        payload: { date: '2026-12-01' },
        timestamp_ist: '2026-11-25T18:00:00.000+05:30',
        request_id: 'r-3',
      },
    };
    expect(threadItems([], [reschedule])).toEqual([]);
  });
});

describe('the messages drawn', () => {
  // 450 messages and one still in the outbox: 451 items, the waiting one last.
  const items = threadItems(
    Array.from({ length: 450 }, (_, index) => msg(String(index + 1))),
    [chatEntry('r-1')],
  );

  it('are the newest THREAD_FIRST at first, all of a shorter thread', () => {
    const first = firstDrawnKey(items);
    expect(first).toBe('m422');
    expect(drawnItems(items, first)).toHaveLength(THREAD_FIRST);
    expect(drawnItems(items, first).map(itemKey).at(-1)).toBe('wr-1');
    expect(drawnItems(items.slice(0, 10), firstDrawnKey(items.slice(0, 10)))).toHaveLength(10);
    expect(firstDrawnKey([])).toBeUndefined();
    expect(drawnItems([], undefined)).toEqual([]);
  });

  it('keep their first message when more arrive, so nothing moves at the top', () => {
    const first = firstDrawnKey(items);
    const more = threadItems(
      Array.from({ length: 452 }, (_, index) => msg(String(index + 1))),
      [],
    );
    expect(drawnItems(more, first).map(itemKey).slice(0, 1)).toEqual(['m422']);
    expect(drawnItems(more, first)).toHaveLength(31);
  });

  it('grow by THREAD_MORE earlier ones at each request, down to the oldest, then stay', () => {
    const keys: (string | undefined)[] = [];
    let first = firstDrawnKey(items);
    for (let asked = 0; asked < 10; asked++) {
      first = earlierKey(items, first);
      keys.push(first);
    }
    expect(keys.slice(0, 9)).toEqual(['m372', 'm322', 'm272', 'm222', 'm172', 'm122', 'm72', 'm22', 'm1']);
    expect(keys.at(-1)).toBe('m1');
    expect(drawnItems(items, 'm372')).toHaveLength(THREAD_FIRST + THREAD_MORE);
    expect(drawnItems(items, 'm1')).toHaveLength(items.length);
    // Asked for more than are hidden: the rest, no more.
    expect(earlierKey(items, 'm22', 1000)).toBe('m1');
    expect(earlierKey(items, 'm22', 3)).toBe('m19');
  });

  it('are all of them when the first key is gone', () => {
    expect(drawnItems(items, 'm9999')).toHaveLength(items.length);
    expect(earlierKey(items, 'm9999')).toBe('m9999');
    expect(items.map(itemKey).at(-1)).toBe('wr-1');
  });
});
