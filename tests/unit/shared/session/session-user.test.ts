import { describe, expect, it } from 'vitest';
import {
  clearSessionUser,
  readSessionUser,
  saveSessionUser,
  SESSION_USER_KEY,
  type KeyValueStorage,
} from '../../../../src/shared/session/session-user.ts';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('session user', () => {
  it('saves the trimmed user under the fixed key and reads it back', () => {
    const storage = memoryStorage();
    expect(saveSessionUser(storage, { name: '  Asha ', number: ' 9876543210 ' })).toEqual({
      name: 'Asha',
      number: '9876543210',
    });
    expect(JSON.parse(storage.data.get(SESSION_USER_KEY) ?? '')).toEqual({ name: 'Asha', number: '9876543210' });
    expect(readSessionUser(storage)).toEqual({ name: 'Asha', number: '9876543210' });
  });

  it('clears the user', () => {
    const storage = memoryStorage();
    saveSessionUser(storage, { name: 'Asha', number: '9876543210' });
    clearSessionUser(storage);
    expect(readSessionUser(storage)).toBeNull();
  });

  it.each([
    ['nothing saved', undefined],
    ['not JSON', '{name:'],
    ['JSON null', 'null'],
    ['a string', '"Asha"'],
    ['a missing number', '{"name":"Asha"}'],
    ['a number that is not a string', '{"name":"Asha","number":9876543210}'],
    ['a blank name', '{"name":"  ","number":"9876543210"}'],
  ])('reads %s as no user', (_case, raw) => {
    const storage = memoryStorage(raw === undefined ? {} : { [SESSION_USER_KEY]: raw });
    expect(readSessionUser(storage)).toBeNull();
  });
});
