import { describe, expect, it } from 'vitest';
import { isUpdateCheckDue, UPDATE_CHECK_INTERVAL_MS } from '../../../../src/app/pwa/register.ts';

const HOUR = UPDATE_CHECK_INTERVAL_MS;
const start = 1_700_000_000_000;

describe('isUpdateCheckDue', () => {
  it.each([
    ['an hour after the last check, online', HOUR, true, false, true],
    ['well over an hour later', 5 * HOUR, true, false, true],
    ['a minute short of an hour', HOUR - 60_000, true, false, false],
    ['right after the last check', 0, true, false, false],
    ['an hour later but offline', HOUR, false, false, false],
    ['an hour later with a new version already waiting', HOUR, true, true, false],
  ])('%s: %s', (_case, elapsed, online, updatePending, expected) => {
    expect(isUpdateCheckDue({ now: start + elapsed, lastCheckedAt: start, online, updatePending })).toBe(expected);
  });
});
