import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the page is prerendered at build time and while that HTML is
 * hydrated, true from the first render after. What depends on this visit (the
 * session user, India's today, the install offer) renders only then, so the
 * build's HTML holds nothing personal or dated and hydration never mismatches.
 * A screen opened later in the visit renders it at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
