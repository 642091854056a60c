import { describe, expect, it } from 'vitest';
import { isPageToWorkerMessage, isWorkerToPageMessage } from '../../../src/shared/sw-messages.ts';

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

describe('isWorkerToPageMessage', () => {
  it.each(['reply', 'reminder', 'request_update', 'announcement'])(
    'accepts the worker telling of a %s push',
    (kind) => {
      expect(isWorkerToPageMessage({ type: 'PUSH_RECEIVED', kind })).toBe(true);
    },
  );

  it.each([
    ['null', null],
    ['a push of an unknown kind', { type: 'PUSH_RECEIVED', kind: 'advert' }],
    ['a push with no kind', { type: 'PUSH_RECEIVED' }],
    ['a page-to-worker message', { type: 'SKIP_WAITING' }],
  ])('rejects %s', (_case, data) => {
    expect(isWorkerToPageMessage(data)).toBe(false);
  });
});
