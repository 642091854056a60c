import { describe, expect, it } from 'vitest';
import {
  DATA_SAVER_KEY,
  readDataSaver,
  writeDataSaver,
} from '../../../../../src/features/conversation/compose/data-saver.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

const blocked = () => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

describe('the data saver setting', () => {
  it('is on when nothing is stored', () => {
    const storage = memoryStorage();
    expect(readDataSaver(() => storage)).toBe(true);
  });

  it('remembers off, and on again', () => {
    const storage = memoryStorage();
    writeDataSaver(() => storage, false);
    expect(readDataSaver(() => storage)).toBe(false);
    expect([...storage.values.keys()]).toEqual([DATA_SAVER_KEY]);
    writeDataSaver(() => storage, true);
    expect(readDataSaver(() => storage)).toBe(true);
  });

  it('stays on, and writing does not throw, where storage is blocked', () => {
    expect(readDataSaver(blocked)).toBe(true);
    expect(() => writeDataSaver(blocked, false)).not.toThrow();
  });
});
