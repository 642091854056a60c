/**
 * What the screen says about the state of things, as a parent reads it: the toasts still up, the live statuses and
 * the alerts that have text, each once (a panel inside a toast counts as the toast).
 */
const STATUSES = '[data-sonner-toast]:not([data-removed="true"]), [role="status"], [role="alert"]';

export function statuses(): string[] {
  return [...document.querySelectorAll(STATUSES)]
    .filter((element) => element.textContent.trim() !== '')
    .filter((element) => !element.parentElement?.closest(STATUSES))
    .map((element) => element.textContent.trim());
}
