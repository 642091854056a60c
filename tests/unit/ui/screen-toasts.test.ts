import { describe, expect, it } from 'vitest';
import { ScreenToasts, type ScreenToaster } from '../../../src/ui/screen-toasts.ts';

/** A toaster that keeps what is on screen, as sonner does with ids: one toast per id. */
function fakeToaster() {
  const shown = new Map<string | number, { text: string; type: string }>();
  const put =
    (type: string) =>
    (text: string, { id }: { id: string }) =>
      shown.set(id, { text, type });
  const toaster: ScreenToaster = {
    success: put('success'),
    info: put('info'),
    error: put('error'),
    dismiss: (id) => shown.delete(id),
    getToasts: () => [...shown].map(([id, { type }]) => ({ id, type })),
  };
  return { toaster, texts: () => [...shown.values()].map(({ text }) => text) };
}

describe('ScreenToasts', () => {
  it('replaces the toast of a cause instead of stacking a second one', () => {
    const { toaster, texts } = fakeToaster();
    const toasts = new ScreenToasts();
    toasts.showError(toaster, 'sign-in', 'Please fill in all required fields');
    toasts.showError(toaster, 'sign-in', 'Please enter a valid phone number (10 digits or E.164 format)');
    expect(texts()).toEqual(['Please enter a valid phone number (10 digits or E.164 format)']);
  });

  it('takes down only the toast whose cause is fixed', () => {
    const { toaster, texts } = fakeToaster();
    const toasts = new ScreenToasts();
    toasts.showError(toaster, 'chat-message', 'Please enter a message');
    toasts.showError(toaster, 'request', 'Failed to send message');
    toasts.resolve('chat-message');
    expect(texts()).toEqual(['Failed to send message']);
  });

  it("takes down every error toast when the form succeeds, and leaves the screen's news up", () => {
    const { toaster, texts } = fakeToaster();
    const toasts = new ScreenToasts();
    toasts.showError(toaster, 'visitor-form', 'Name and phone number are required');
    toasts.showError(toaster, 'request', 'Failed to submit request');
    toasts.resolveAll();
    toasts.showNews(toaster, 'success', 'Request submitted successfully!');
    expect(texts()).toEqual(['Request submitted successfully!']);
  });

  it('takes down a success still up when it shows a problem', () => {
    const { toaster, texts } = fakeToaster();
    const toasts = new ScreenToasts();
    toasts.showNews(toaster, 'success', 'Schedule retrieved successfully!');
    toasts.showError(toaster, 'reschedule-selection', 'Please select a date or date range');
    expect(texts()).toEqual(['Please select a date or date range']);
  });

  it('takes down every toast the screen showed, news and errors, when the screen changes', () => {
    const { toaster, texts } = fakeToaster();
    const toasts = new ScreenToasts();
    toasts.showNews(toaster, 'success', 'Schedule retrieved successfully!');
    toasts.showNews(toaster, 'info', 'No schedule data available');
    toasts.showNews(toaster, 'error', 'photo.heic: this kind of file cannot be sent');
    toasts.showError(toaster, 'schedule', 'Failed to fetch schedule');
    toasts.leaveScreen();
    expect(texts()).toEqual([]);
  });

  it('leaves toasts it did not show alone, when the screen changes too', () => {
    const { toaster, texts } = fakeToaster();
    toaster.info('Your message was sent', { id: 'outbox-news' });
    const toasts = new ScreenToasts();
    toasts.resolve('sign-in');
    toasts.leaveScreen();
    expect(texts()).toEqual(['Your message was sent']);
  });

  it("shows a cause's next toast under a new id, so a toast still leaving cannot swallow it", () => {
    // As sonner does: a dismissed toast stays a moment for its exit animation, and a toast given its id then
    // updates it and leaves with it.
    const leaving = new Set<string | number>();
    const visible = new Map<string | number, string>();
    const show = (text: string, { id }: { id: string }) => {
      if (!leaving.has(id)) visible.set(id, text);
    };
    const toaster: ScreenToaster = {
      success: show,
      info: show,
      error: show,
      dismiss: (id) => {
        visible.delete(id);
        leaving.add(id);
      },
      getToasts: () => [...visible.keys()].map((id) => ({ id, type: 'error' })),
    };
    const toasts = new ScreenToasts();
    toasts.showError(toaster, 'sign-in', 'Please fill in all required fields');
    toasts.resolve('sign-in');
    toasts.showError(toaster, 'sign-in', 'Please enter a valid phone number (10 digits or E.164 format)');
    expect([...visible.values()]).toEqual(['Please enter a valid phone number (10 digits or E.164 format)']);
  });
});
