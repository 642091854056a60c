import { describe, expect, it } from 'vitest';
import { isIos, pushAvailability } from '../../../../src/features/notifications/push-availability.ts';

describe('whether this phone can turn notifications on', () => {
  it.each([
    [{ hasPush: true, permission: 'default', ios: false, standalone: false }, 'ask'],
    [{ hasPush: true, permission: 'granted', ios: false, standalone: false }, 'granted'],
    [{ hasPush: true, permission: 'denied', ios: false, standalone: false }, 'denied'],
    [{ hasPush: false, permission: undefined, ios: false, standalone: false }, 'unsupported'],
    [{ hasPush: false, permission: undefined, ios: true, standalone: false }, 'install'],
    [{ hasPush: true, permission: 'default', ios: true, standalone: false }, 'install'],
    [{ hasPush: true, permission: 'default', ios: true, standalone: true }, 'ask'],
  ] as const)('%o → %s', (browser, expected) => {
    expect(pushAvailability(browser)).toBe(expected);
  });

  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 'iPhone', 5, true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 5, true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 0, false],
    ['Mozilla/5.0 (Linux; Android 14)', 'Linux armv8l', 5, false],
  ])('%s on %s with %d touch points is iOS: %s', (userAgent, platform, touch, expected) => {
    expect(isIos(userAgent, platform, touch)).toBe(expected);
  });
});
