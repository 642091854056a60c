import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ASHA, UUID_V4 } from '../../../support/people.ts';
import { findToast, isDisabled, renderApp, type RenderedApp } from '../../../support/screen/render-app.tsx';
import { ordinal } from '../../../support/day-labels.ts';

// A fixed "now" in India, Monday 23 Nov 2026, so the calendar and the payload dates are known.
const NOW = '2026-11-23T10:00:00.000+05:30';
const ENVELOPE_KEYS = ['action', 'language', 'payload', 'request_id', 'timestamp_ist', 'user'];

/** A day of November 2026 in the calendar, by the label a screen reader reads. */
function november(day: number): HTMLElement {
  const button = within(screen.getByRole('grid')).getByLabelText(new RegExp(`November ${ordinal(day)}, 2026`));
  if (button.tagName !== 'BUTTON') throw new Error(`November ${day} is not a button`);
  return button;
}

/** The line under the calendar that says what is picked, read as a person reads it (its spaces do not break). */
function summary(): string {
  const line = document.querySelector('.calendar-card__summary');
  if (line?.getAttribute('role') !== 'status') throw new Error('The summary is not a status');
  return (line.textContent ?? '').replace(/\s+/g, ' ');
}

/**
 * A button by its words (the calendar's days and month buttons by their labels), not by role: naming every button of
 * the page at each call, the calendar's 42 days among them, took a quarter of this file's time.
 */
const button = (words: string) => screen.getByText(words, { selector: 'button' });
const submit = () => button('Submit Request');
const note = () => screen.getByLabelText('Reason / Note (Optional)');

/** The panel of `role` whose heading says `title`, once it is shown. */
async function panel(role: 'status' | 'alert', title: string): Promise<HTMLElement> {
  await screen.findByRole('heading', { name: title });
  const found = screen.getAllByRole(role).find((element) => within(element).queryByRole('heading', { name: title }));
  if (!found) throw new Error(`No ${role} panel headed ${title}`);
  return found;
}

/** Puts `text` in `field` in one go, as a paste does. */
async function fill(app: RenderedApp, field: HTMLElement, text: string): Promise<void> {
  await app.user.click(field);
  await app.user.paste(text);
}

/** What the webhook was sent, as an object. */
const bodyOf = (app: RenderedApp, index: number) => app.webhook.requests[index]?.body as Record<string, unknown>;

let opened: RenderedApp | undefined;

/** The screen opened signed in as Asha at the time the test set, once its calendar is drawn. */
async function open(): Promise<RenderedApp> {
  opened = renderApp('/registered-parent/reschedule', { user: ASHA });
  expect(await screen.findByRole('heading', { level: 1, name: 'Reschedule Session' })).toBeTruthy();
  await screen.findByRole('grid');
  return opened;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
  opened?.webhook.releaseAll();
  expect(opened?.webhook.unexpected, 'webhook requests nobody scripted').toEqual([]);
  opened = undefined;
});

test('shows one month with past days disabled and today allowed', async () => {
  const app = await open();
  expect(screen.getAllByRole('grid')).toHaveLength(1);
  expect(screen.getByRole('grid', { name: 'November 2026' })).toBeTruthy();
  expect(isDisabled(november(1))).toBe(true);
  expect(isDisabled(november(22))).toBe(true);
  expect(isDisabled(november(23))).toBe(false);
  expect(november(23).getAttribute('aria-label')).toMatch(/^Today, /);
  expect(isDisabled(november(24))).toBe(false);
  expect(screen.getByLabelText(/previous month/i).getAttribute('aria-disabled')).toBe('true');
  await app.user.click(november(22));
  expect(summary()).toBe('No date selected yet.');
});

test('a single tap picks a start, sent as reschedule_single with no note', async () => {
  const app = await open();
  app.webhook.reply({ body: { message: 'We will move your session to 24 Nov.' } });
  await app.user.click(november(24));
  expect(summary()).toBe('Selected start: 24 Nov 2026 (click another date to complete range)');
  await app.user.click(submit());

  expect((await panel('status', 'Success!')).textContent).toContain('We will move your session to 24 Nov.');
  await findToast('success', 'Request submitted!');
  expect(screen.queryByText('Submit Request', { selector: 'button' })).toBeNull();

  expect(app.webhook.requests).toHaveLength(1);
  const body = bodyOf(app, 0);
  expect(Object.keys(body).sort()).toEqual(ENVELOPE_KEYS);
  expect(body).toMatchObject({
    action: 'reschedule_single',
    user: ASHA,
    language: 'en',
    payload: { date: '2026-11-24' },
    timestamp_ist: NOW,
  });
  expect(body.request_id).toMatch(UUID_V4);
});

test('tapping the start again makes it one selected date', async () => {
  const app = await open();
  app.webhook.reply({ body: 'OK' });
  await app.user.click(november(23));
  await app.user.click(november(23));
  expect(summary()).toBe('Selected date: 23 Nov 2026');
  await app.user.click(submit());
  await panel('status', 'Success!');
  expect(bodyOf(app, 0)).toMatchObject({ action: 'reschedule_single', payload: { date: '2026-11-23' } });
});

test('two taps make a range, sent as reschedule_range with the trimmed note', async () => {
  const app = await open();
  app.webhook.reply({ body: [{ Message: 'Range noted.' }] });
  await app.user.click(november(24));
  await app.user.click(november(27));
  expect(summary()).toBe('Selected range: 24 Nov 2026 - 27 Nov 2026');
  await fill(app, note(), '  Exams that week  ');
  await app.user.click(submit());
  expect((await panel('status', 'Success!')).textContent).toContain('Range noted.');

  expect(app.webhook.requests).toHaveLength(1);
  const body = bodyOf(app, 0);
  expect(Object.keys(body).sort()).toEqual([...ENVELOPE_KEYS, 'note'].sort());
  expect(body).toMatchObject({
    action: 'reschedule_range',
    user: ASHA,
    language: 'en',
    payload: { start_date: '2026-11-24', end_date: '2026-11-27' },
    note: 'Exams that week',
    timestamp_ist: NOW,
  });
  expect(body.request_id).toMatch(UUID_V4);
});

test('a range picked end first is sent in calendar order, and a blank note is left out', async () => {
  const app = await open();
  app.webhook.reply({ body: {} });
  await app.user.click(november(30));
  await app.user.click(screen.getByLabelText(/next month/i));
  await app.user.click(screen.getByLabelText(/previous month/i));
  await app.user.click(november(25));
  expect(summary()).toBe('Selected range: 25 Nov 2026 - 30 Nov 2026');
  await fill(app, note(), '   ');
  await app.user.click(submit());
  expect((await panel('status', 'Success!')).textContent).toContain('Reschedule request submitted successfully!');
  expect(bodyOf(app, 0)).toMatchObject({ payload: { start_date: '2026-11-25', end_date: '2026-11-30' } });
  expect(bodyOf(app, 0)).not.toHaveProperty('note');
});

test('asks for a date when none is picked, and Clear selection starts over', async () => {
  const app = await open();
  await app.user.click(submit());
  await findToast('error', 'Please select a date or date range');
  await app.user.click(november(24));
  expect(summary()).not.toBe('No date selected yet.');
  await app.user.click(button('Clear selection'));
  expect(summary()).toBe('No date selected yet.');
  expect(isDisabled(button('Clear selection'))).toBe(true);
  expect(november(24).getAttribute('aria-label')).not.toMatch(/selected$/);
  expect(app.webhook.requests).toHaveLength(0);
});

test('refuses a day that became past at midnight in India', async () => {
  vi.setSystemTime(new Date('2026-11-23T23:59:00.000+05:30'));
  const app = await open();
  await app.user.click(november(23));
  expect(summary()).toBe('Selected start: 23 Nov 2026 (click another date to complete range)');
  vi.setSystemTime(new Date('2026-11-24T00:00:30.000+05:30'));
  await app.user.click(submit());
  await findToast('error', 'Invalid date selection');
  expect(app.webhook.requests).toHaveLength(0);
});

test('Submit Another Request clears the panel, the dates and the note, and gives the form focus', async () => {
  const app = await open();
  app.webhook.reply({ body: 'Done' });
  await app.user.click(november(24));
  await app.user.click(november(25));
  await fill(app, note(), 'Travel');
  await app.user.click(submit());
  await app.user.click(await screen.findByText('Submit Another Request', { selector: 'button' }));
  expect(screen.queryByRole('heading', { name: 'Success!' })).toBeNull();
  // The pressed button is gone: focus lands on the form again, not on the page.
  expect(document.activeElement).toBe(submit().closest('form')?.parentElement);
  expect(summary()).toBe('No date selected yet.');
  expect((note() as HTMLTextAreaElement).value).toBe('');
  expect(isDisabled(submit())).toBe(false);
});

test('shows the server text in an Error panel and keeps the form; the next tap is a new request', async () => {
  const app = await open();
  app.webhook.reply({ status: 409, body: 'That week is already full' }).reply({ body: 'Booked' });
  await app.user.click(november(24));
  await app.user.click(submit());
  expect((await panel('alert', 'Error')).textContent).toContain('That week is already full');
  await findToast('error', 'Failed to submit request');
  expect(summary()).toBe('Selected start: 24 Nov 2026 (click another date to complete range)');

  await app.user.click(submit());
  expect((await panel('status', 'Success!')).textContent).toContain('Booked');
  expect(app.webhook.requests).toHaveLength(2);
  expect(bodyOf(app, 1).request_id).not.toBe(bodyOf(app, 0).request_id);
});

test('says Failed to submit request when the failed answer is empty', async () => {
  const app = await open();
  app.webhook.reply({ status: 400, body: '' });
  expect(screen.queryAllByRole('alert')).toHaveLength(0);
  await app.user.click(november(24));
  await app.user.click(submit());
  const error = await panel('alert', 'Error');
  expect(within(error).getByText('Failed to submit request', { exact: true })).toBeTruthy();
  await findToast('error', 'Failed to submit request');
});

test('shows a spinner while sending, and a double tap sends once', async () => {
  const app = await open();
  const held = app.webhook.hold({ body: 'Done' });
  await app.user.click(november(24));
  await app.user.dblClick(submit());
  await held.arrived;
  await waitFor(() => expect(isDisabled(submit())).toBe(true));
  expect(submit().querySelector('.spinner')).not.toBeNull();
  held.release();
  await panel('status', 'Success!');
  expect(app.webhook.requests).toHaveLength(1);
});
