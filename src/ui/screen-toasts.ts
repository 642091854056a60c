/**
 * The toasts a screen shows, tied to that screen. A screen's toast says
 * something about what is on it, so it must not outlive it:
 * - an error toast has a cause, and each cause has one toast, so a second
 *   failure replaces the first instead of stacking under it;
 * - an error toast goes when its cause is fixed (the field it is about now
 *   passes, the request it was about succeeds);
 * - a success still up when a problem is shown goes: the screen says one
 *   thing at a time, never 'Schedule retrieved successfully!' beside a fresh
 *   error;
 * - every toast a screen showed, news ('Request submitted successfully!') as
 *   well as errors, goes when the screen (route) changes: the next screen
 *   never opens under the last one's news.
 * Toasts that are not about a screen (the outbox's news of a request sent in
 * the background, the app's update and offline-ready offers) are not kept
 * here and live their own time.
 *
 * No sonner import: the shell clears these on every route change without
 * pulling sonner onto the first screen. Whoever shows a toast hands over the
 * toaster it used (ui/use-screen-toast.ts binds sonner's).
 */

export type NewsTone = 'success' | 'info' | 'error';

export interface ScreenToaster {
  success(text: string, options: { id: string }): unknown;
  info(text: string, options: { id: string }): unknown;
  error(text: string, options: { id: string }): unknown;
  dismiss(id: string | number): unknown;
  /** The toasts up now, as sonner lists them. */
  getToasts(): readonly { id: string | number; type?: string | undefined }[];
}

interface Shown {
  id: string;
  toaster: ScreenToaster;
}

export class ScreenToasts {
  /** The error toast each cause shows now. */
  private readonly causes = new Map<string, Shown>();
  /** The news this screen showed, by id. */
  private readonly news = new Map<string, Shown>();
  private shown = 0;

  /**
   * Each toast gets a new id: sonner keeps a dismissed toast for its exit
   * animation, and a new toast given the same id in that moment updates the
   * leaving one and goes with it, so it would never be seen.
   */
  private nextId(kind: string): string {
    this.shown += 1;
    return `${kind}:${this.shown}`;
  }

  /** Shows `text` as the error toast of `cause`, in place of the one it had. */
  showError(toaster: ScreenToaster, cause: string, text: string): void {
    this.resolve(cause);
    for (const up of toaster.getToasts()) if (up.type === 'success') toaster.dismiss(up.id);
    const id = this.nextId(`error:${cause}`);
    toaster.error(text, { id });
    this.causes.set(cause, { id, toaster });
  }

  /** Shows news of this screen (a success, a note, an error with no cause to fix): it lives its time or the screen's. */
  showNews(toaster: ScreenToaster, tone: NewsTone, text: string): void {
    const id = this.nextId(`news:${tone}`);
    toaster[tone](text, { id });
    this.news.set(id, { id, toaster });
  }

  /** Its cause is fixed: the toast goes (nothing happens if none is up). */
  resolve(cause: string): void {
    const open = this.causes.get(cause);
    if (!open) return;
    this.causes.delete(cause);
    open.toaster.dismiss(open.id);
  }

  /** The screen's form succeeded: every error toast goes. */
  resolveAll(): void {
    for (const cause of [...this.causes.keys()]) this.resolve(cause);
  }

  /** The screen changed: every toast it showed goes. */
  leaveScreen(): void {
    this.resolveAll();
    for (const { id, toaster } of this.news.values()) toaster.dismiss(id);
    this.news.clear();
  }
}

/** The page's one registry. */
export const screenToasts = new ScreenToasts();
