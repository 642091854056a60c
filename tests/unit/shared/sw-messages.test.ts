import { describe, expect, it } from 'vitest';
import { isPageToWorkerMessage } from '../../../src/shared/sw-messages.ts';

describe('isPageToWorkerMessage', () => {
  it('accepts the message workbox-window sends to activate a waiting worker', () => {
    expect(isPageToWorkerMessage({ type: 'SKIP_WAITING' })).toBe(true);
  });

  it.each([
    ['null', null],
    ['a string', 'SKIP_WAITING'],
    ['an object without a type', { kind: 'SKIP_WAITING' }],
    ['an unknown type', { type: 'CLEAR_EVERYTHING' }],
    ['a non-string type', { type: 1 }],
  ])('rejects %s', (_case, data) => {
    expect(isPageToWorkerMessage(data)).toBe(false);
  });
});
