import 'fake-indexeddb/auto';
import { createStore, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import {
  createConversationStore,
  EMPTY_CONVERSATION,
  everySavedConversation,
  seenAll,
  withThreadPage,
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

describe('read receipts in the saved record', () => {
  it('are kept, and ones that do not read as such are dropped', async () => {
    const { useStore, store } = fresh();
    const seen = { message_id: '1', at: '2026-11-25T06:35:00.000Z' };
    await store.update(ASHA, () => ({ token: 't1', messages: [], seen, readReceipts: true, lastReadSent: '2' }));
    expect(await store.read(ASHA)).toEqual({ token: 't1', messages: [], seen, readReceipts: true, lastReadSent: '2' });
    await set(parentKey(QUIET), { token: 't2', messages: [], seen: { at: 'soon' }, readReceipts: 'yes' }, useStore);
    expect(await store.read(QUIET)).toEqual({ token: 't2', messages: [] });
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

describe('a fetched page saved into the record', () => {
  const mine = { ...reply, id: '1', from: 'parent' as const, text: 'Hi' };
  const later = { ...reply, id: '3', text: 'One more thing' };

  it('merges into what is stored now, keeping a reply another screen marked seen since the fetch began', () => {
    const stored = { token: 't1', messages: [mine, reply], cursor: '2', savedAt: 1000, lastSeenId: '2' };
    // The menu fetched from a record read before the chat screen marked reply 2 seen.
    expect(withThreadPage(stored, { messages: [later], cursor: '3' }, { markSeen: false, savedAt: 2000 })).toEqual({
      token: 't1',
      messages: [mine, reply, later],
      cursor: '3',
      savedAt: 2000,
      lastSeenId: '2',
    });
  });

  it('marks the newest reply seen for the chat screen, and keeps the cursor when the page gives none', () => {
    const stored = { token: 't1', messages: [mine], cursor: '1', savedAt: 1000 };
    expect(
      withThreadPage(stored, { messages: [reply, later], cursor: undefined }, { markSeen: true, savedAt: 2000 }),
    ).toEqual({ token: 't1', messages: [mine, reply, later], cursor: '1', savedAt: 2000, lastSeenId: '3' });
  });

  it('keeps the programme’s newest read mark and follows the answer’s read_receipts', () => {
    const seen = { message_id: '1', at: '2026-11-25T06:35:00.000Z' };
    const stored = { token: 't1', messages: [mine], cursor: '1', seen, readReceipts: true as const };
    const at = { markSeen: false, savedAt: 2000 };
    // A page without a mark (nothing newer opened) keeps the saved one; one without read_receipts turns them off.
    expect(withThreadPage(stored, { messages: [], cursor: '1' }, at)).toEqual({
      ...stored,
      readReceipts: undefined,
      savedAt: 2000,
    });
    const later = { message_id: '3', at: '2026-11-25T06:40:00.000Z' };
    expect(withThreadPage(stored, { messages: [], cursor: '1', seen: later, readReceipts: true }, at)).toEqual({
      ...stored,
      seen: later,
      savedAt: 2000,
    });
  });

  it('seenAll: the newest reply becomes the last seen; a thread of the parent’s own messages is left as it is', () => {
    expect(seenAll({ messages: [mine, reply, later], lastSeenId: '2' })).toEqual({
      messages: [mine, reply, later],
      lastSeenId: '3',
    });
    const own = { messages: [mine] };
    expect(seenAll(own)).toBe(own);
  });
});
