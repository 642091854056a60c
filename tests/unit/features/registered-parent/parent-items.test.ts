import { describe, expect, it } from 'vitest';
import {
  awaitsConnection,
  hasWaitingItems,
  isSameParent,
  itemsOf,
} from '../../../../src/features/registered-parent/outbox/parent-items.ts';
import type { OutboxState } from '../../../../src/shared/outbox/types.ts';
import { buildEnvelope } from '../../../../src/shared/webhook/envelope.ts';
import type { User } from '../../../../src/shared/webhook/types.ts';

const ASHA: User = { name: 'Asha', number: '9876543210' };
const RAVI: User = { name: 'Ravi', number: '+447700900123' };

function item(user: User, state: OutboxState, id = `${user.name}-${state}`) {
  return {
    id,
    state,
    envelope: buildEnvelope({ action: 'reschedule_single', user, payload: { date: '2026-11-30' } }),
  };
}

describe('isSameParent', () => {
  it.each([
    ['9876543210', '9876543210', true],
    ['9876543210', '+919876543210', true],
    ['98765 43210', '+91 98765-43210', true],
    ['9876543210', '9876543211', false],
    ['+447700900123', '447700900123', false],
  ])('reads %s and %s as the same parent: %s', (a, b, same) => {
    expect(isSameParent({ name: 'A', number: a }, { name: 'B', number: b })).toBe(same);
  });
});

describe('itemsOf', () => {
  it('keeps only the parent’s own items, in their order', () => {
    const items = [item(ASHA, 'queued', '1'), item(RAVI, 'queued', '2'), item(ASHA, 'failed', '3')];
    expect(itemsOf(items, ASHA).map(({ id }) => id)).toEqual(['1', '3']);
  });
});

describe('hasWaitingItems', () => {
  it.each<[string, ReturnType<typeof item>[], boolean]>([
    ['nothing is queued', [], false],
    ['the parent has an item queued', [item(ASHA, 'queued')], true],
    ['the parent has an item being sent', [item(ASHA, 'sending')], true],
    ['the parent’s only item was refused', [item(ASHA, 'failed')], false],
    ['only another parent has items queued', [item(RAVI, 'queued')], false],
  ])('says %s: %s', (_case, items, expected) => {
    expect(hasWaitingItems(items, ASHA)).toBe(expected);
  });
});

describe('awaitsConnection', () => {
  const noConnection = { name: 'WebhookError', kind: 'network', message: 'Failed to fetch' } as const;
  const noAnswer = { name: 'WebhookError', kind: 'timeout', message: 'No answer within 20 s' } as const;
  const busy = { name: 'WebhookError', kind: 'http', status: 503, message: 'Busy' } as const;
  const refused = { name: 'WebhookError', kind: 'http', status: 422, message: 'No' } as const;

  it.each<[string, { state: OutboxState; lastError?: typeof noConnection | typeof noAnswer | typeof busy }[], boolean]>(
    [
      ['nothing waits', [], false],
      ['the oldest waiting item found no connection', [{ state: 'queued', lastError: noConnection }], true],
      ['the oldest waiting item got no answer in time', [{ state: 'queued', lastError: noAnswer }], true],
      ['the oldest waiting item met a busy server', [{ state: 'queued', lastError: busy }], false],
      ['the oldest waiting item was never tried', [{ state: 'queued' }], false],
      [
        'a refused item is passed over for the oldest waiting one',
        [
          { state: 'failed', lastError: refused as never },
          { state: 'queued', lastError: noConnection },
        ],
        true,
      ],
      ['only refused items are left', [{ state: 'failed', lastError: refused as never }], false],
    ],
  )('asks for Background Sync when %s: %s', (_case, items, expected) => {
    expect(awaitsConnection(items)).toBe(expected);
  });
});
