/**
 * Error toasts tied to their cause (issue 27). An error toast says what is
 * wrong now, so it must not outlive that:
 * - each cause has one toast id, so a second failure replaces the first
 *   instead of stacking under it;
 * - it goes when its cause is fixed (the field it is about now passes, the
 *   request it was about succeeds);
 * - every one of them goes when the screen (route) changes.
 * Toasts that report news rather than a problem (sent, saved, refused by the
 * outbox) are not kept here and live their own time, except that a success
 * still up when a problem is shown goes: the screen says one thing at a
 * time, never 'Schedule retrieved successfully!' beside a fresh error.
 *
 * No sonner import: the shell clears these on every route change without
 * pulling sonner onto the first screen. Whoever shows a toast hands over the
 * toaster it used (ui/use-error-toast.ts binds sonner's).
 */

export interface ErrorToaster {
  error(text: string, options: { id: string }): unknown;
  dismiss(id: string | number): unknown;
  /** The toasts up now, as sonner lists them. */
  getToasts(): readonly { id: string | number; type?: string | undefined }[];
}

export class ErrorToasts {
  /** The toast id each cause shows now. */
  private readonly open = new Map<string, { id: string; toaster: ErrorToaster }>();
  private shown = 0;

  /**
   * Shows `text` as the error toast of `cause`, in place of the one it had.
   * Each toast gets a new id: sonner keeps a dismissed toast for its exit
   * animation, and a new toast given the same id in that moment updates the
   * leaving one and goes with it, so it would never be seen.
   */
  show(toaster: ErrorToaster, cause: string, text: string): void {
    this.resolve(cause);
    for (const up of toaster.getToasts()) if (up.type === 'success') toaster.dismiss(up.id);
    this.shown += 1;
    const id = `error:${cause}:${this.shown}`;
    toaster.error(text, { id });
    this.open.set(cause, { id, toaster });
  }

  /** Its cause is fixed: the toast goes (nothing happens if none is up). */
  resolve(cause: string): void {
    const open = this.open.get(cause);
    if (!open) return;
    this.open.delete(cause);
    open.toaster.dismiss(open.id);
  }

  /** The screen changed, or its form succeeded: every error toast goes. */
  resolveAll(): void {
    for (const cause of [...this.open.keys()]) this.resolve(cause);
  }
}

/** The page's one registry. */
export const errorToasts = new ErrorToasts();
