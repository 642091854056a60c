import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../../src/config/paths.ts';
import type { ScheduleChange } from '../../../../src/shared/webhook/announcements.ts';
import { parseIcs } from '../../../support/ical.ts';
import { ASHA, IST_TIMESTAMP, UUID_V4 } from '../../../support/people.ts';
import { setClock } from '../../../support/screen/clock.ts';
import { catchDownloads, type Download } from '../../../support/screen/downloads.ts';
import { emptyIndexedDb } from '../../../support/screen/fresh-storage.ts';
import { preloadScreens } from '../../../support/screen/preload-screens.ts';
import { findToast, isDisabled, renderApp, toasts, type RenderedApp } from '../../../support/screen/render-app.tsx';
import { DATED_WEEK, PRIYA, RAO, utcStamp } from '../../../support/dated-week.ts';

// Monday 23 Nov 2026, 10:00 in India: the schedule's week runs to Sunday 29 Nov.
const NOW = '2026-11-23T10:00:00.000+05:30';
const WEEK = [
  'Monday: 4:00 PM - 5:00 PM with Ms. Rao',
  'Wednesday: 10:00 AM with Mr. Iyer',
  'Bring your crayons!',
].join('\n');
const EMPTY_WEEK = 'No sessions found for the rest of this week.';

const sessions = () => screen.findByRole('list', { name: 'Sessions this week' });
const lists = () => within(screen.getByRole('main')).queryAllByRole('list');
const openSchedule = () => renderApp(paths.schedule, { user: ASHA });
const fetchButton = () => screen.findByRole('button', { name: 'Fetch My Schedule' });

/** The error box's heading and its one line. */
async function findErrorBox(message: string): Promise<HTMLElement> {
  const box = await screen.findByRole('alert');
  expect(within(box).getByRole('heading', { name: 'Error' })).toBeTruthy();
  expect(within(box).getByText(message, { exact: true })).toBeTruthy();
  return box;
}

// Every test opens the screen as a new page would, with nothing saved on the phone.
preloadScreens(paths.schedule, paths.menu);
beforeEach(emptyIndexedDb);

test('starts with only the fetch button, and its way back to the menu', async () => {
  const app = openSchedule();
  expect(await screen.findByRole('heading', { level: 1, name: 'Your Schedule' })).toBeTruthy();
  expect(screen.getByText('View your upcoming sessions for this week', { exact: true })).toBeTruthy();
  expect(isDisabled(screen.getByRole('button', { name: 'Fetch My Schedule' }))).toBe(false);
  expect(lists()).toHaveLength(0);
  expect(screen.queryAllByRole('alert')).toHaveLength(0);
  await app.user.click(screen.getByRole('link', { name: 'Back to Menu' }));
  await waitFor(() => expect(app.path()).toBe(paths.menu));
});

test('sends know_schedule, shows a spinner while waiting, then lists the sessions', async () => {
  const app = openSchedule();
  const held = app.webhook.hold({ body: { schedule: WEEK } });
  const fetch = () => screen.getByRole('button', { name: 'Fetch My Schedule' });
  await app.user.click(await fetchButton());
  await held.arrived;
  await waitFor(() => expect(isDisabled(fetch())).toBe(true));
  expect(fetch().querySelector('.spinner')).not.toBeNull();
  held.release();

  const items = within(await sessions()).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringMatching(/Monday.*4:00 PM – 5:00 PM.*with Ms\. Rao/),
    expect.stringMatching(/Wednesday.*10:00 AM.*with Mr\. Iyer/),
    'Bring your crayons!',
  ]);
  await findToast('success', 'Schedule retrieved successfully!');
  expect(isDisabled(screen.getByRole('button', { name: 'Refresh Schedule' }))).toBe(false);

  expect(app.webhook.requests).toHaveLength(1);
  const [request] = app.webhook.requests;
  expect(request?.headers['content-type']).toBe('application/json');
  const body = request?.body as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['action', 'language', 'payload', 'request_id', 'timestamp_ist', 'user']);
  expect(body).toMatchObject({ action: 'know_schedule', user: ASHA, payload: {}, language: 'en' });
  expect(body.timestamp_ist).toMatch(IST_TIMESTAMP);
  expect(body.request_id).toMatch(UUID_V4);
});

test.each([
  ['a plain text answer', WEEK],
  ['a list whose first item has Message', [{ Message: WEEK }]],
  ['an object with message', { message: WEEK }],
] as const)('reads the schedule from %s', async (_shape, body) => {
  const app = openSchedule();
  app.webhook.reply({ body });
  await app.user.click(await fetchButton());
  expect(within(await sessions()).getAllByRole('listitem')).toHaveLength(3);
});

test('shows the empty state when the week has no more sessions', async () => {
  const app = openSchedule();
  app.webhook.reply({ body: [{ schedule: EMPTY_WEEK }] });
  await app.user.click(await fetchButton());
  expect(await screen.findByText(EMPTY_WEEK, { exact: true })).toBeTruthy();
  expect(lists()).toHaveLength(0);
  await findToast('success', 'Schedule retrieved successfully!');
  expect(screen.getByRole('button', { name: 'Refresh Schedule' })).toBeTruthy();
});

test('shows the empty state and says so when no schedule text came back', async () => {
  const app = openSchedule();
  app.webhook.reply({ body: {} });
  await app.user.click(await fetchButton());
  expect(await screen.findByText(EMPTY_WEEK, { exact: true })).toBeTruthy();
  await findToast('info', 'No schedule data received from webhook');
  expect(within(await toasts()).queryByText('Schedule retrieved successfully!')).toBeNull();
});

test('shows the server text in an Error box when the webhook fails', async () => {
  const app = openSchedule();
  app.webhook.reply({ status: 502, body: 'Calendar service unavailable' });
  await app.user.click(await fetchButton());
  await findErrorBox('Calendar service unavailable');
  await findToast('error', 'Failed to fetch schedule');
  expect(isDisabled(screen.getByRole('button', { name: 'Fetch My Schedule' }))).toBe(false);
});

test('says Failed to fetch schedule when the failed answer is empty', async () => {
  const app = openSchedule();
  app.webhook.reply({ status: 500, body: '' });
  await app.user.click(await fetchButton());
  await findErrorBox('Failed to fetch schedule');
  await findToast('error', 'Failed to fetch schedule');
});

test('says Failed to fetch schedule when the connection drops', async () => {
  const app = openSchedule();
  app.webhook.reply({ dropConnection: true });
  await app.user.click(await fetchButton());
  await findErrorBox('Failed to fetch schedule');
  expect(lists()).toHaveLength(0);
});

// The spec clears the previous error and result at each fetch; with the saved copy, the error goes at once and the
// list stays, labelled with when it was fetched, until an answer replaces it.
test('each fetch clears the previous error at once; the last list stays, labelled, until replaced', async () => {
  setClock(NOW);
  const app = openSchedule();
  // The answers after the first wait for the test, so each state is checked while its fetch is surely under way.
  app.webhook.reply({ body: { schedule: WEEK } });
  const failing = app.webhook.hold({ status: 500, body: 'Try later' });
  const last = app.webhook.hold({ body: { schedule: 'Friday: 9:00 AM with Ms. Rao' } });
  const items = () => within(screen.getByRole('list', { name: 'Sessions this week' })).getAllByRole('listitem');
  const labelled = (time: string) => screen.getByText(`Last updated 23 Nov 2026, ${time}`, { exact: true });
  await app.user.click(await fetchButton());
  await sessions();
  expect(items()).toHaveLength(3);
  expect(labelled('10:00 AM')).toBeTruthy();

  setClock('2026-11-23T10:05:00.000+05:30');
  const refresh = await screen.findByRole('button', { name: 'Refresh Schedule' });
  await app.user.click(refresh);
  await failing.arrived;
  await waitFor(() => expect(isDisabled(refresh)).toBe(true));
  expect(items()).toHaveLength(3);
  failing.release();
  expect((await screen.findByRole('alert')).textContent).toContain('Try later');
  expect(items()).toHaveLength(3);
  expect(labelled('10:00 AM')).toBeTruthy();

  setClock('2026-11-23T10:10:00.000+05:30');
  await app.user.click(refresh);
  await last.arrived;
  await waitFor(() => expect(isDisabled(refresh)).toBe(true));
  expect(screen.queryAllByRole('alert')).toHaveLength(0);
  expect(items()).toHaveLength(3);
  last.release();
  await waitFor(() => expect(items()).toHaveLength(1));
  expect(items()[0]?.textContent).toContain('Friday');
  expect(labelled('10:10 AM')).toBeTruthy();
  expect(app.webhook.requests).toHaveLength(3);
});

describe('the calendar actions', () => {
  const toggle = (session: string) => screen.getByRole('button', { name: `Add to calendar: ${session}` });
  const googleLink = (session: string) =>
    screen.queryByRole('link', { name: `Google Calendar: ${session} (opens in a new tab)` });
  const downloadButton = (session: string) =>
    screen.getByRole('button', { name: `Download calendar file: ${session}` });

  /** The schedule screen with the week fetched on Monday morning in India. */
  async function openWeek(): Promise<RenderedApp> {
    setClock(NOW);
    const app = renderApp(paths.schedule, { user: ASHA });
    app.webhook.reply({ body: { schedule: DATED_WEEK } });
    await app.user.click(await screen.findByRole('button', { name: 'Fetch My Schedule' }));
    await screen.findByRole('list', { name: 'Sessions this week' });
    return app;
  }

  function read(file: Download) {
    return { ...file, calendar: parseIcs(file.text) };
  }

  test('only sessions with a readable day and time get an action, closed until asked', async () => {
    await openWeek();
    const items = within(screen.getByRole('list', { name: 'Sessions this week' })).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(screen.getAllByRole('button', { name: /^Add to calendar: / })).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('button', { name: `Add to calendar: ${PRIYA}` })).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByRole('button', { name: `Add to calendar: ${RAO}` })).toBeTruthy();
    expect(within(items[2] as HTMLElement).queryAllByRole('button')).toHaveLength(0);
    expect(within(items[3] as HTMLElement).queryAllByRole('button')).toHaveLength(0);
    expect(toggle(PRIYA).getAttribute('aria-expanded')).toBe('false');
    expect(googleLink(PRIYA)).toBeNull();
    expect(screen.getByText('One file for your calendar app, with 2 sessions.', { exact: true })).toBeTruthy();
  });

  test('one session downloads as an .ics file of type text/calendar, on its date in India', async () => {
    const app = await openWeek();
    const downloads = catchDownloads();
    await app.user.click(toggle(PRIYA));
    expect(toggle(PRIYA).getAttribute('aria-expanded')).toBe('true');
    await app.user.click(downloadButton(PRIYA));
    const file = read(await downloads.take());
    expect(file.type).toBe('text/calendar;charset=utf-8');
    expect(file.name).toBe('thrive-session-2026-11-25-1700.ics');
    expect(file.text).toMatch(/^BEGIN:VCALENDAR\r\n[^]*\r\nEND:VCALENDAR\r\n$/);
    expect(file.calendar.method).toBe('PUBLISH');
    expect(file.calendar.events).toHaveLength(1);
    const [event] = file.calendar.events;
    expect(event?.summary).toBe('Thrive session with Priya Sharma');
    expect(event?.start).toEqual(new Date('2026-11-25T17:00:00+05:30'));
    expect(event?.end).toEqual(new Date('2026-11-25T18:00:00+05:30'));
    expect(event?.reminder).toBe(-30 * 60);
    await app.user.click(toggle(PRIYA));
    expect(toggle(PRIYA).getAttribute('aria-expanded')).toBe('false');
    expect(googleLink(PRIYA)).toBeNull();
  });

  test('the Google Calendar link opens a new tab with the title, India as the zone and the same instants', async () => {
    const app = await openWeek();
    const downloads = catchDownloads();
    expect(toggle(RAO).getAttribute('aria-expanded')).toBe('false');
    await app.user.click(toggle(RAO));
    const link = googleLink(RAO);
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
    const url = new URL(link?.getAttribute('href') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Thrive session with Rao, Priya; PhD');
    expect(url.searchParams.get('ctz')).toBe('Asia/Kolkata');
    expect(url.searchParams.get('dates')).toBe(
      `${utcStamp('2026-11-26T18:30:00+05:30')}/${utcStamp('2026-11-26T19:15:00+05:30')}`,
    );
    expect(url.searchParams.get('details')).toContain('Thursday, 26 Nov, 6:30 PM – 7:15 PM with Rao, Priya; PhD');

    await app.user.click(downloadButton(RAO));
    const [event] = read(await downloads.take()).calendar.events;
    expect(event?.summary).toBe(url.searchParams.get('text'));
    expect(event && `${utcStamp(event.start)}/${utcStamp(event.end)}`).toBe(url.searchParams.get('dates'));
    await app.user.click(toggle(RAO));
    expect(toggle(RAO).getAttribute('aria-expanded')).toBe('false');
  });

  test("'Add all' holds one event per readable session, with the UIDs of the single downloads", async () => {
    const app = await openWeek();
    const downloads = catchDownloads();
    expect(toggle(PRIYA).getAttribute('aria-expanded')).toBe('false');
    await app.user.click(screen.getByRole('button', { name: 'Add All to Calendar' }));
    const all = read(await downloads.take());
    expect(all.type).toBe('text/calendar;charset=utf-8');
    expect(all.name).toBe('thrive-sessions-this-week.ics');
    expect(all.calendar.events.map((event) => event.summary)).toEqual([
      'Thrive session with Priya Sharma',
      'Thrive session with Rao, Priya; PhD',
    ]);
    await app.user.click(toggle(PRIYA));
    await app.user.click(downloadButton(PRIYA));
    const single = read(await downloads.take());
    expect(single.calendar.events[0]?.uid).toBe(all.calendar.events[0]?.uid);
  });
});

describe('what the programme changed', () => {
  const CHANGE: ScheduleChange = {
    announcement_id: 'ann-diwali',
    kind: 'cancelled',
    session: { day: 'Wednesday', time: '4:00 PM', facilitator: 'Priya Sharma', starts_at: '2026-11-25T16:00:00+05:30' },
    reason: 'Diwali',
  };
  const BEFORE = 'Wednesday: 4:00 PM with Priya Sharma\nFriday: 11:00 AM with Priya Sharma';
  const AFTER = { schedule: 'Friday: 11:00 AM with Priya Sharma', changes: [CHANGE] };
  const SESSION = 'Wednesday, 25 Nov 4:00 PM with Priya Sharma';

  test('says what the programme cancelled and why, and cancels the calendar event the parent added by file', async () => {
    setClock(NOW);
    const app = renderApp(paths.schedule, { user: ASHA });
    const downloads = catchDownloads();
    app.webhook.reply({ body: { schedule: BEFORE } }).reply({ body: AFTER });
    // Before the holiday: the parent adds Wednesday's session to the calendar with the file.
    await app.user.click(await screen.findByRole('button', { name: 'Fetch My Schedule' }));
    await app.user.click(await screen.findByRole('button', { name: `Add to calendar: ${SESSION}` }));
    await app.user.click(screen.getByRole('button', { name: `Download calendar file: ${SESSION}` }));
    const [added] = parseIcs((await downloads.take()).text).events;

    // Staff cancel it for Diwali.
    await app.user.click(screen.getByRole('button', { name: 'Refresh Schedule' }));
    const changes = await screen.findByRole('region', { name: 'Changes this week' });
    expect(changes.textContent).toContain(`${SESSION} is cancelled: Diwali`);
    expect(within(changes).getByText('Diwali', { exact: true }).localName).toBe('bdi');
    const sessions = screen.getByRole('list', { name: 'Sessions this week' });
    expect(within(sessions).getAllByRole('listitem')).toHaveLength(1);
    await app.user.click(screen.getByRole('button', { name: `Remove from calendar: ${SESSION}` }));
    const cancel = parseIcs((await downloads.take()).text);
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.events).toMatchObject([{ uid: added?.uid, status: 'CANCELLED' }]);
    expect(cancel.events[0]?.sequence).toBeGreaterThan(added?.sequence ?? 0);

    // Staff withdraw the cancellation: the session is back, nothing to tell here (the withdrawal's update says so),
    // and the line offers the event back, as an update above the cancellation, by the way it was added.
    app.webhook.reply({ body: { schedule: BEFORE, changes: [{ ...CHANGE, kind: 'restored' }] } });
    await app.user.click(screen.getByRole('button', { name: 'Refresh Schedule' }));
    await waitFor(() => expect(within(sessions).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Changes this week' })).toBeNull();
    expect(sessions.textContent).not.toContain('Moved from');
    await app.user.click(screen.getByRole('button', { name: `Download calendar file: ${SESSION}` }));
    const back = parseIcs((await downloads.take()).text);
    expect(screen.getByRole('button', { name: `Update in calendar: ${SESSION}` })).toBeTruthy();
    expect(back.method).toBe('PUBLISH');
    expect(back.events).toMatchObject([{ uid: added?.uid, start: new Date(CHANGE.session.starts_at) }]);
    expect(back.events[0]?.status).not.toBe('CANCELLED');
    expect(back.events[0]?.sequence).toBe((cancel.events[0]?.sequence ?? 0) + 1);
  });

  test('says it in Hindi on the Hindi page', async () => {
    setClock(NOW);
    const app = renderApp(paths.schedule, { user: ASHA, locale: 'hi' });
    app.webhook.reply({ body: AFTER });
    await app.user.click(await screen.findByRole('button', { name: 'मेरा शेड्यूल दिखाएँ' }));
    const changes = await screen.findByRole('region', { name: 'इस हफ़्ते के बदलाव' });
    expect(changes.textContent).toContain(
      'बुधवार, 25 नवंबर शाम 4:00, Priya Sharma के साथ वाला सेशन रद्द हो गया है। कारण: Diwali',
    );
  });
});
