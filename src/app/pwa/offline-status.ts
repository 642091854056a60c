import type { Connectivity } from '../../shared/webhook/connectivity.ts';

/**
 * Whether the portal is offline, from two hints: the browser's own
 * (navigator.onLine and its events, reliable only when it says offline) and
 * the outcome of the last webhook request.
 */
export interface OfflineState {
  browserOnline: boolean;
  requestFailed: boolean;
}

export type OfflineEvent = { kind: 'browser'; online: boolean } | { kind: 'request'; connectivity: Connectivity };

export function nextOfflineState(state: OfflineState, event: OfflineEvent): OfflineState {
  if (event.kind === 'browser') {
    // The network came back: earlier failures say nothing about the new connection.
    return event.online ? { browserOnline: true, requestFailed: false } : { ...state, browserOnline: false };
  }
  if (event.connectivity === 'online') return { browserOnline: true, requestFailed: false };
  return { ...state, requestFailed: true };
}

export function isOffline(state: OfflineState): boolean {
  return !state.browserOnline || state.requestFailed;
}
