import { describe, expect, it } from 'vitest';
import {
  CALENDAR_ADDED_KEY,
  CALENDAR_ADDED_MAX,
  readAdded,
  withAdded,
} from '../../../../src/features/schedule/calendar-added.ts';

const storageWith = (value: string | null) => () => ({
  getItem: (key: string) => (key === CALENDAR_ADDED_KEY ? value : null),
});

describe('the events this phone added to a calendar', () => {
  it.each<[string, string | null]>([
    ['nothing stored', null],
    ['text that is not JSON', '{'],
    ['a list', '["a"]'],
  ])('reads %s as none', (_case, stored) => {
    expect(readAdded(storageWith(stored))).toEqual({});
  });

  it('keeps only the ways it knows', () => {
    expect(readAdded(storageWith('{"a":"file","b":"google","c":"fax"}'))).toEqual({ a: 'file', b: 'google' });
  });

  it('reads blocked storage as none', () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    expect(readAdded(blocked)).toEqual({});
  });

  it('records the latest way for a UID, and forgets the oldest beyond the limit', () => {
    expect(withAdded({ a: 'file' }, ['a', 'b'], 'google')).toEqual({ a: 'google', b: 'google' });
    const many = Object.fromEntries(
      Array.from({ length: CALENDAR_ADDED_MAX }, (_, n) => [`uid-${n}`, 'file' as const]),
    );
    const next = withAdded(many, ['newest'], 'file');
    expect(Object.keys(next)).toHaveLength(CALENDAR_ADDED_MAX);
    expect(next).not.toHaveProperty('uid-0');
    expect(next).toHaveProperty('newest', 'file');
  });
});
