import { describe, expect, it } from 'vitest';
import { isOffline, nextOfflineState, type OfflineEvent, type OfflineState } from '../../../../src/app/pwa/offline.tsx';

const online: OfflineState = { browserOnline: true, requestFailed: false };
const browserOffline: OfflineState = { browserOnline: false, requestFailed: false };
const requestFailed: OfflineState = { browserOnline: true, requestFailed: true };
const both: OfflineState = { browserOnline: false, requestFailed: true };

const browserSays = (isOnline: boolean): OfflineEvent => ({ kind: 'browser', online: isOnline });
const requestSays = (connectivity: 'online' | 'offline'): OfflineEvent => ({ kind: 'request', connectivity });

describe('nextOfflineState', () => {
  it.each([
    ['online, the browser goes offline', online, browserSays(false), true],
    ['online, a request gets no answer', online, requestSays('offline'), true],
    ['online, a request is answered', online, requestSays('online'), false],
    ['browser offline, the browser comes back', browserOffline, browserSays(true), false],
    ['a request failed, the browser reports the network back', requestFailed, browserSays(true), false],
    ['a request failed, the next one is answered', requestFailed, requestSays('online'), false],
    ['a request failed, another one fails', requestFailed, requestSays('offline'), true],
    ['browser offline, yet a request is answered', browserOffline, requestSays('online'), false],
    ['both offline, the browser comes back', both, browserSays(true), false],
    ['a request failed, the browser goes offline too', requestFailed, browserSays(false), true],
  ])('%s: offline is %s', (_case, state, event, expected) => {
    expect(isOffline(nextOfflineState(state, event))).toBe(expected);
  });
});

describe('isOffline', () => {
  it.each([
    ['both hints say online', online, false],
    ['only the browser says offline', browserOffline, true],
    ['only the last request failed', requestFailed, true],
  ])('when %s: %s', (_case, state, expected) => {
    expect(isOffline(state)).toBe(expected);
  });
});
