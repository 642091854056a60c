import { describe, expect, it } from 'vitest';
import {
  EMPTY_CONVERSATION,
  withVerifiedMark,
  type ConversationStore,
} from '../../../../src/shared/conversation/store.ts';
import { markVerified, VERIFIED_MARK_KEY } from '../../../../src/shared/conversation/verified-mark.ts';
import { SESSION_USER_KEY, type KeyValueStorage } from '../../../../src/shared/session/session-user.ts';

const ASHA = { name: 'Asha Verma', number: '9876543210' };
const SESSION = JSON.stringify(ASHA);

function storage(items: Record<string, string> = {}): KeyValueStorage & { items: Map<string, string> } {
  const map = new Map(Object.entries(items));
  return {
    items: map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe('the first paint’s verified hint', () => {
  it('is the signed-in parent’s saved text while their phone is verified, and gone when it is not', () => {
    const tab = storage({ [SESSION_USER_KEY]: SESSION });
    markVerified(tab, true);
    expect(tab.items.get(VERIFIED_MARK_KEY)).toBe(SESSION);
    markVerified(tab, false);
    expect(tab.items.has(VERIFIED_MARK_KEY)).toBe(false);
  });

  it('is never set with no parent signed in in the tab', () => {
    const tab = storage({ [VERIFIED_MARK_KEY]: SESSION });
    markVerified(tab, true);
    expect(tab.items.has(VERIFIED_MARK_KEY)).toBe(false);
  });
});

describe('a conversation store that keeps the hint', () => {
  /** A store holding one record, or refusing every call. */
  function recordStore(token: string | undefined, { refuses = false } = {}): ConversationStore {
    let saved = token === undefined ? EMPTY_CONVERSATION : { ...EMPTY_CONVERSATION, token };
    const answer = async <T>(value: () => T) => {
      if (refuses) throw new Error('UnknownError');
      return value();
    };
    return {
      read: () => answer(() => saved),
      update: (_parent, change) => answer(() => (saved = change(saved))),
      clear: () => answer(() => void (saved = EMPTY_CONVERSATION)),
    };
  }

  it('tells whether the record has a token each time it is read or written', async () => {
    const notes: boolean[] = [];
    const store = withVerifiedMark(recordStore(undefined), (verified) => notes.push(verified));
    await store.read(ASHA);
    await store.update(ASHA, (saved) => ({ ...saved, token: 't1' }));
    await store.read(ASHA);
    await store.update(ASHA, () => EMPTY_CONVERSATION);
    expect(notes).toEqual([false, true, true, false]);
  });

  it('tells it is not verified when the record is cleared, even when storage refuses to delete it', async () => {
    const notes: boolean[] = [];
    await withVerifiedMark(recordStore('t1'), (verified) => notes.push(verified)).clear(ASHA);
    await expect(
      withVerifiedMark(recordStore('t1', { refuses: true }), (verified) => notes.push(verified)).clear(ASHA),
    ).rejects.toThrow('UnknownError');
    expect(notes).toEqual([false, false]);
  });

  it('tells nothing when a read or a write fails: the hint stays as last found', async () => {
    const notes: boolean[] = [];
    const store = withVerifiedMark(recordStore('t1', { refuses: true }), (verified) => notes.push(verified));
    await expect(store.read(ASHA)).rejects.toThrow();
    await expect(store.update(ASHA, (saved) => saved)).rejects.toThrow();
    expect(notes).toEqual([]);
  });
});
