import { startTransition, useEffect, useState } from 'react';

// True from main.tsx's hydrateRoot until that hydration has committed (useHydrationEnd's effect).
let hydrating = false;

/** main.tsx, before it hydrates a prerendered page. */
export function beginHydration(): void {
  hydrating = true;
}

/**
 * Called by the screen's frame (AppLayout's Screen), which React hydrates last: its effect runs once the page's
 * first render, hydration or not, has committed. Not a component beside the app: another child there would change
 * every useId of the tree below, which must be the prerendered page's.
 *
 * True from the render after, as useHydrated is: every useHydrated of the screen turns true in that same render,
 * as their effects ask for it in the same commit, so from its commit on every handler of the screen knows what the
 * visit knows (the session user above all). Before it, a tap finds handlers that know no one.
 */
export function useHydrationEnd(): boolean {
  useEffect(() => {
    hydrating = false;
  }, []);
  return useHydrated();
}

/**
 * False while the page is prerendered at build time and while that HTML is
 * hydrated, true from the render after. What depends on this visit (the
 * session user, India's today, the install offer) renders only then, so the
 * build's HTML holds nothing personal or dated and hydration never mismatches.
 * A screen opened later in the visit, or a page rendered without prerendered
 * HTML, renders it at once.
 *
 * The render after hydration is a transition, so React does it in slices that
 * let a tap through. (useSyncExternalStore with a server snapshot did this job
 * before: React renders its change synchronously, and on the chat screen that
 * render was one task of over 100 ms on a cheap phone.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
