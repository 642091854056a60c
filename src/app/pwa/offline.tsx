/**
 * Whether the portal is offline, and the banner that says so and what still works.
 */
import { useSyncExternalStore } from 'react';
import { connectivity, type Connectivity } from '../../shared/webhook/connectivity.ts';
import { pwaText } from './messages.ts';
import './pwa.css';

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

/**
 * Says the portal is offline, in one line on every screen, and what still
 * works on demand (a native disclosure: keyboard and screen readers know it
 * as a button with its expanded state). A polite status, so it never cuts
 * into what a screen reader is saying: the title is what it announces.
 */
export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  const t = pwaText().offline;
  return (
    <div className="offline-banner" role="status" data-toasts-below="">
      <details className="offline-banner__details">
        <summary className="offline-banner__summary">
          <span className="offline-banner__title">{t.title}</span>
          <span className="offline-banner__more">{t.details}</span>
        </summary>
        <p className="offline-banner__text">{t.text}</p>
      </details>
    </div>
  );
}
