import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import {
  createUntoldOutcomes,
  keepingOutcomes,
  UNTOLD_KEPT,
  untoldOutcomeOf,
  type UntoldOutcome,
  type UntoldOutcomes,
} from '../../../../src/shared/outbox/untold.ts';
import { freshIdb } from './support.ts';

const sent = (id: string): UntoldOutcome => ({ type: 'OUTBOX_DELIVERED', id, action: 'chat_facilitator' });

describe('outcomes no page heard', () => {
  it('are taken oldest first, once: the next take finds none', async () => {
    const untold = createUntoldOutcomes(freshIdb());
    await untold.keep(sent('a'));
    await untold.keep({ type: 'OUTBOX_FAILED', id: 'b', action: 'book_consult' });
    expect(await untold.take()).toEqual([sent('a'), { type: 'OUTBOX_FAILED', id: 'b', action: 'book_consult' }]);
    expect(await untold.take()).toEqual([]);
  });

  it('keep one outcome of a request once, and only the newest few', async () => {
    const untold = createUntoldOutcomes(freshIdb());
    await untold.keep(sent('a'));
    await untold.keep(sent('a'));
    for (let i = 0; i < UNTOLD_KEPT + 5; i += 1) await untold.keep(sent(`n${i}`));
    const taken = await untold.take();
    expect(taken).toHaveLength(UNTOLD_KEPT);
    expect(taken.at(-1)).toEqual(sent(`n${UNTOLD_KEPT + 4}`));
    expect(taken.some(({ id }) => id === 'a')).toBe(false);
  });

  it('lose none of many kept at once, and none kept while a take runs', async () => {
    const untold = createUntoldOutcomes(freshIdb());
    await Promise.all(Array.from({ length: 10 }, (_, i) => untold.keep(sent(`k${i}`))));
    const [taken] = await Promise.all([untold.take(), untold.keep(sent('late'))]);
    const rest = await untold.take();
    expect([...taken, ...rest].map(({ id }) => id).sort()).toEqual(
      [...Array.from({ length: 10 }, (_, i) => `k${i}`), 'late'].sort(),
    );
  });

  it('forget one a page has told, and only that one', async () => {
    const untold = createUntoldOutcomes(freshIdb());
    await untold.keep(sent('a'));
    await untold.keep({ type: 'OUTBOX_FAILED', id: 'a', action: 'chat_facilitator' });
    await untold.keep(sent('b'));
    await untold.forget(sent('a'));
    await untold.forget(sent('never kept'));
    expect(await untold.take()).toEqual([{ type: 'OUTBOX_FAILED', id: 'a', action: 'chat_facilitator' }, sent('b')]);
  });

  it('are kept by the worker from delivered and refused events, and a storage failure is logged, not thrown', async () => {
    const kept: UntoldOutcome[] = [];
    const keepingBy = (keep: UntoldOutcomes['keep']) =>
      keepingOutcomes({ keep, forget: async () => undefined, take: async () => [] });
    const keep = keepingBy(async (outcome) => void kept.push(outcome));
    await keep({ type: 'OUTBOX_DELIVERED', id: 'x', action: 'chat_facilitator', response: { status: 200, body: '' } });
    await keep({ type: 'OUTBOX_CHANGED' });
    expect(kept).toEqual([sent('x')]);

    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = keepingBy(() =>
      Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
    );
    await expect(
      failing({ type: 'OUTBOX_DELIVERED', id: 'y', action: 'book_consult', response: { status: 200, body: '' } }),
    ).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalledOnce();
    errors.mockRestore();
  });

  it('come from delivered and refused events only, without what was sent', () => {
    const response = { status: 200, body: { message: 'ok' } };
    expect(untoldOutcomeOf({ type: 'OUTBOX_DELIVERED', id: 'x', action: 'reschedule_single', response })).toEqual({
      type: 'OUTBOX_DELIVERED',
      id: 'x',
      action: 'reschedule_single',
    });
    expect(untoldOutcomeOf({ type: 'OUTBOX_CHANGED' })).toBeUndefined();
  });
});
