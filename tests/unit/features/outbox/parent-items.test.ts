import { describe, expect, it } from 'vitest';
import { isSameParent, itemsOf } from '../../../../src/features/outbox/parent-items.ts';
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
  it.each<[User, User, boolean]>([
    [{ name: 'Asha', number: '9876543210' }, { name: 'Asha', number: '9876543210' }, true],
    [{ name: 'Asha', number: '9876543210' }, { name: 'Asha', number: '+919876543210' }, true],
    [{ name: 'Asha Verma', number: '98765 43210' }, { name: ' asha  verma ', number: '+91 98765-43210' }, true],
    [{ name: 'Asha', number: '9876543210' }, { name: 'Asha', number: '9876543211' }, false],
    [{ name: 'Asha', number: '+447700900123' }, { name: 'Asha', number: '447700900123' }, false],
    // The number alone is no secret on a shared phone: another name with it is another person.
    [{ name: 'Asha', number: '9876543210' }, { name: 'Ravi', number: '9876543210' }, false],
  ])('reads %j and %j as the same parent: %s', (a, b, same) => {
    expect(isSameParent(a, b)).toBe(same);
  });
});

describe('itemsOf', () => {
  it('keeps only the parent’s own items, in their order', () => {
    const items = [item(ASHA, 'queued', '1'), item(RAVI, 'queued', '2'), item(ASHA, 'failed', '3')];
    expect(itemsOf(items, ASHA).map(({ id }) => id)).toEqual(['1', '3']);
  });
});
