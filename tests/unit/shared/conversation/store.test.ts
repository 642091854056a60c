import 'fake-indexeddb/auto';
import { createStore, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import {
  createConversationStore,
  EMPTY_CONVERSATION,
  everySavedConversation,
} from '../../../../src/shared/conversation/store.ts';
import { parentKey } from '../../../../src/shared/rules/phone.ts';

const ASHA = { name: 'Asha Verma', number: '9876543210' };
const QUIET = { name: 'Quiet Parent', number: '9000000002' };
const reply = {
  id: '2',
  from: 'staff' as const,
  text: 'Hello',
  sent_at: '2026-11-25T17:04:09.120+05:30',
  attachments: [],
};

const fresh = () => {
  const useStore = createStore(`test-conversation-${crypto.randomUUID()}`, 'by-parent');
  return { useStore, store: createConversationStore(useStore) };
};

describe('conversation store', () => {
  it('keeps a parent’s token and thread, however the number is typed, and no one else’s', async () => {
    const { store } = fresh();
    await store.update(ASHA, (saved) => ({ ...saved, token: 't1' }));
    const saved = await store.update({ ...ASHA, number: '+91 98765 43210' }, (before) => ({
      ...before,
      messages: [reply],
      cursor: '2',
      savedAt: 1000,
      lastSeenId: '2',
    }));
    expect(saved).toEqual({ token: 't1', messages: [reply], cursor: '2', savedAt: 1000, lastSeenId: '2' });
    expect(await store.read(ASHA)).toEqual(saved);
    expect(await store.read(QUIET)).toEqual(EMPTY_CONVERSATION);
    expect(await store.read({ ...ASHA, name: 'Someone Else' })).toEqual(EMPTY_CONVERSATION);
  });

  it('forgets the token and the thread at logout', async () => {
    const { store } = fresh();
    await store.update(ASHA, () => ({ token: 't1', messages: [reply], cursor: '2', savedAt: 1 }));
    await store.clear(ASHA);
    expect(await store.read(ASHA)).toEqual(EMPTY_CONVERSATION);
  });

  it('reads a damaged record as no thread, keeping what still reads', async () => {
    const { store, useStore } = fresh();
    await set(parentKey(ASHA), { token: 't1', messages: [{ id: 'x' }], cursor: '2', savedAt: 5 }, useStore);
    expect(await store.read(ASHA)).toEqual({ token: 't1', messages: [] });
    await set(parentKey(ASHA), 'junk', useStore);
    expect(await store.read(ASHA)).toEqual(EMPTY_CONVERSATION);
  });
});

describe('every saved conversation (the worker, which knows no session)', () => {
  it('lists each parent’s record by key and updates one by its key, a damaged one read as empty', async () => {
    const { useStore, store } = fresh();
    await store.update(ASHA, (saved) => ({ ...saved, token: 't1' }));
    await set(parentKey(QUIET), 'not a record', useStore);
    const every = everySavedConversation(useStore);
    expect(await every.all()).toEqual([
      [parentKey(QUIET), EMPTY_CONVERSATION],
      [parentKey(ASHA), { token: 't1', messages: [] }],
    ]);
    await every.update(parentKey(ASHA), (saved) => ({ ...saved, messages: [reply], cursor: '2' }));
    expect(await store.read(ASHA)).toEqual({ token: 't1', messages: [reply], cursor: '2' });
  });
});
