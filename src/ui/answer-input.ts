/**
 * When a prerendered page starts answering input. A page with a form is inert until its screen is hydrated and has
 * rendered what the visit knows (build/prerender.ts, src/app/app-layout.tsx), and an element inside an inert root
 * cannot take focus: focus asked for before then (a screen's heading as it opens) is kept, and taken as the page
 * starts answering, in the same task, so no tap lands in between and has its field's focus taken away.
 */
let waiting: HTMLElement | null = null;

/** Focuses `element` now, or as the page starts answering input if it does not yet. */
export function focusOnceAnswering(element: HTMLElement | null): void {
  if (element?.closest('[inert]')) waiting = element;
  else element?.focus({ preventScroll: true });
}

/** The page answers input from now on: its root is no longer inert, and the focus asked for meanwhile is taken. */
export function startAnswering(root: HTMLElement): void {
  root.removeAttribute('inert');
  const element = waiting;
  waiting = null;
  if (element?.isConnected) element.focus({ preventScroll: true });
}
