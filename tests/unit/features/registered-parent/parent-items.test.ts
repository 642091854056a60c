import { describe, expect, it } from 'vitest';
import { isSameParent, itemsOf } from '../../../../src/features/registered-parent/outbox/parent-items.ts';
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
