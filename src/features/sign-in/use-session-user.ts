import { useCallback, useSyncExternalStore } from 'react';
import {
  clearSessionUser,
  readSessionUser,
  saveSessionUser,
  SESSION_USER_KEY,
} from '../../shared/session/session-user.ts';
import type { User } from '../../shared/webhook/types.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';

// sessionStorage fires no event in its own tab, so writes go through here and notify the subscribers.
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedUser: User | null = null;

function snapshot(): User | null {
  const raw = window.sessionStorage.getItem(SESSION_USER_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = readSessionUser(window.sessionStorage);
  }
  return cachedUser;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The build's prerendering, with no window, knows no one; in the browser, hydration reads sessionStorage too. */
const snapshotWhileHydrating = () => (typeof window === 'undefined' ? null : snapshot());

/**
 * The parent a screen's title names (the menu's greeting), from the first
 * paint on: the page's head script wrote the name into the prerendered
 * title (NAMED_TITLE_ATTRIBUTE), so hydration reads the parent too and
 * renders the text it finds. The build's prerendering, with no window, names no one.
 */
export function useNamedUser(): User | null {
  return useSyncExternalStore(subscribe, snapshot, snapshotWhileHydrating);
}

/**
 * The signed-in parent of this tab, kept in sessionStorage (the spec). Prerendered pages are built for no one:
 * a screen knows the parent from the render after hydration (useHydrated), which React does in slices. The page
 * answers input only once that render has committed (src/app/app-layout.tsx), so no handler meets `null` for a
 * parent the tab holds.
 */
export function useSessionUser() {
  const stored = useSyncExternalStore(subscribe, snapshot, snapshotWhileHydrating);
  const user = useHydrated() ? stored : null;
  const signIn = useCallback((next: User) => {
    const saved = saveSessionUser(window.sessionStorage, next);
    notify();
    return saved;
  }, []);
  const signOut = useCallback(() => {
    clearSessionUser(window.sessionStorage);
    notify();
  }, []);
  return { user, signIn, signOut };
}
