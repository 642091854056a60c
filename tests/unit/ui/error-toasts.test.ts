import { describe, expect, it } from 'vitest';
import { ErrorToasts, type ErrorToaster } from '../../../src/ui/error-toasts.ts';

/** A toaster that keeps what is on screen, as sonner does with ids: one toast per id. */
function fakeToaster() {
  const shown = new Map<string | number, { text: string; type: string }>();
  const toaster: ErrorToaster & { success(text: string, options: { id: string }): void } = {
    error: (text, { id }) => shown.set(id, { text, type: 'error' }),
    success: (text, { id }) => shown.set(id, { text, type: 'success' }),
    dismiss: (id) => shown.delete(id),
    getToasts: () => [...shown].map(([id, { type }]) => ({ id, type })),
  };
  return { toaster, texts: () => [...shown.values()].map(({ text }) => text) };
}

describe('ErrorToasts', () => {
  it('replaces the toast of a cause instead of stacking a second one', () => {
    const { toaster, texts } = fakeToaster();
    const toasts = new ErrorToasts();
    toasts.show(toaster, 'sign-in', 'Please fill in all required fields');
    toasts.show(toaster, 'sign-in', 'Please enter a valid phone number (10 digits or E.164 format)');
    expect(texts()).toEqual(['Please enter a valid phone number (10 digits or E.164 format)']);
  });

  it('takes down only the toast whose cause is fixed', () => {
    const { toaster, texts } = fakeToaster();
    const toasts = new ErrorToasts();
    toasts.show(toaster, 'chat-message', 'Please enter a message');
    toasts.show(toaster, 'request', 'Failed to send message');
    toasts.resolve('chat-message');
    expect(texts()).toEqual(['Failed to send message']);
  });

  it('takes down every error toast when the screen changes or the form succeeds', () => {
    const { toaster, texts } = fakeToaster();
    const toasts = new ErrorToasts();
    toasts.show(toaster, 'visitor-form', 'Name and phone number are required');
    toasts.show(toaster, 'request', 'Failed to submit request');
    toasts.resolveAll();
    expect(texts()).toEqual([]);
  });

  it('takes down a success still up when it shows a problem, and only then', () => {
    const { toaster, texts } = fakeToaster();
    toaster.success('Schedule retrieved successfully!', { id: 'fetched' });
    const toasts = new ErrorToasts();
    toasts.resolveAll();
    expect(texts()).toEqual(['Schedule retrieved successfully!']);
    toasts.show(toaster, 'reschedule-selection', 'Please select a date or date range');
    expect(texts()).toEqual(['Please select a date or date range']);
  });

  it('leaves toasts it did not show alone', () => {
    const { toaster, texts } = fakeToaster();
    toaster.success('Request submitted!', { id: 'sent' });
    const toasts = new ErrorToasts();
    toasts.resolve('sign-in');
    toasts.resolveAll();
    expect(texts()).toEqual(['Request submitted!']);
  });

  it("shows a cause's next toast under a new id, so a toast still leaving cannot swallow it", () => {
    // As sonner does: a dismissed toast stays a moment for its exit animation, and a toast given its id then
    // updates it and leaves with it.
    const leaving = new Set<string | number>();
    const visible = new Map<string | number, string>();
    const toaster: ErrorToaster = {
      error: (text, { id }) => {
        if (!leaving.has(id)) visible.set(id, text);
      },
      dismiss: (id) => {
        visible.delete(id);
        leaving.add(id);
      },
      getToasts: () => [...visible.keys()].map((id) => ({ id, type: 'error' })),
    };
    const toasts = new ErrorToasts();
    toasts.show(toaster, 'sign-in', 'Please fill in all required fields');
    toasts.resolve('sign-in');
    toasts.show(toaster, 'sign-in', 'Please enter a valid phone number (10 digits or E.164 format)');
    expect([...visible.values()]).toEqual(['Please enter a valid phone number (10 digits or E.164 format)']);
  });
});
