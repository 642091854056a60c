import { useSyncExternalStore } from 'react';
import { connectivity } from '../../shared/webhook/connectivity.ts';
import { isOffline, nextOfflineState, type OfflineEvent, type OfflineState } from './offline-status.ts';

let state: OfflineState = { browserOnline: true, requestFailed: false };
let watching = false;
const listeners = new Set<() => void>();

function dispatch(event: OfflineEvent): void {
  state = nextOfflineState(state, event);
  for (const listener of listeners) listener();
}

function watch(): void {
  if (watching) return;
  watching = true;
  state = { browserOnline: navigator.onLine, requestFailed: connectivity.current === 'offline' };
  window.addEventListener('online', () => dispatch({ kind: 'browser', online: true }));
  window.addEventListener('offline', () => dispatch({ kind: 'browser', online: false }));
  connectivity.subscribe((reported) => dispatch({ kind: 'request', connectivity: reported }));
}

function subscribe(listener: () => void): () => void {
  watch();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => isOffline(state);

/** True while the browser says offline or the last webhook request got no answer. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot);
}
