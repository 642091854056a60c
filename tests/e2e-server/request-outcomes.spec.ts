import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { shortDayName } from '../../server/requests/rules.ts';
import { sessionConcerned } from '../../src/shared/schedule/request-session.ts';
import { addDays } from '../../src/shared/schedule/week.ts';
import { startsAtOf } from '../../src/shared/rules/request-outcome.ts';
import { sessionRefUid } from '../../src/features/schedule/calendar-event.ts';
import { startsAtWhen } from '../../src/features/schedule/session-when.ts';
import { toIstIso } from '../../src/shared/format/ist.ts';
import { WEBHOOK_PATH } from '../../src/shared/webhook/endpoint.ts';
import { buildEnvelope } from '../../src/shared/webhook/envelope.ts';
import type { SessionRef } from '../../src/shared/webhook/requests.ts';
import { QUIET_PARENT } from '../support/conversation.ts';
import { parseIcs } from '../support/ical.ts';
import { openSignedIn } from '../support/registered-parent.ts';
import { STAFF } from '../support/staff.ts';
import {
  calendarDayName,
  clearOfClockEdges,
  nextFourPm,
  signInAndVerifyPhone,
  signInToStaff,
  SPEC_PARENTS,
  test,
  testParentSessions,
} from './fixtures.ts';

/**
 * The loop closed, in real time on the reference server, two browsers: a
 * parent asks for a range on the portal, staff confirm one day at 4:00 PM
 * in /staff, and the parent's schedule shows the moved session, 'Your
 * requests' says confirmed, the session's .ics keeps its UID with a higher
 * SEQUENCE, and the thread shows the answer as an event line.
 */

const PARENT = SPEC_PARENTS.rangeAsker;

/** A day of the reschedule calendar, its button. */
const dayButton = (page: Page, key: string) =>
  page.getByRole('grid').getByRole('button', { name: calendarDayName(key) });

/** How the schedule screen names a session in its buttons: "Sunday, 29 Nov 11:30 PM with Arjun Rao". */
const sessionName = (ref: Pick<SessionRef, 'starts_at' | 'facilitator'>) => {
  const when = startsAtWhen(ref.starts_at, new Date(), 'en');
  return `${when.day} ${when.time} with ${ref.facilitator}`;
};

async function downloadIcs(page: Page, button: string) {
  const arriving = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const [event] = parseIcs(await readFile(await (await arriving).path(), 'utf8')).events;
  if (!event) throw new Error('no VEVENT in the file');
  return event;
}

test('a parent asks for a range, staff confirm a day at 4:00 PM, and the schedule, the calendar and the thread follow', async ({
  browser,
  server: { url },
  codes,
}) => {
  await clearOfClockEdges();
  const now = toIstIso(new Date());
  const today = now.slice(0, 10);
  const lastAsked = addDays(today, 2);
  const target = nextFourPm(today, now.slice(11, 16));
  const concerned = sessionConcerned({ start: today, end: lastAsked }, testParentSessions());
  if (!concerned) throw new Error('the test roster names no session for the test parent');
  const moved = { starts_at: startsAtOf(target.day, target.time), facilitator: concerned.facilitator };

  // The parent: signed in, the phone verified for the thread, the schedule fetched.
  const parentContext = await browser.newContext({ baseURL: url, acceptDownloads: true });
  const parent = await parentContext.newPage();
  await signInAndVerifyPhone(parent, codes, PARENT);

  await parent.goto('/registered-parent/schedule');
  await parent.getByRole('button', { name: 'Fetch My Schedule' }).click();
  await expect(parent.getByText(/^Last updated /)).toBeVisible();
  // The session the request concerns, added to the phone's calendar while it is still ahead this week.
  const addOld = parent.getByRole('button', { name: `Add to calendar: ${sessionName(concerned)}` });
  const addedBefore = (await addOld.count()) > 0;
  let oldUid = sessionRefUid(PARENT.number, concerned);
  if (addedBefore) {
    await addOld.click();
    const old = await downloadIcs(parent, `Download calendar file: ${sessionName(concerned)}`);
    expect(old.uid).toBe(oldUid);
    oldUid = old.uid;
  }

  // 1. The parent requests a range: today to the day after tomorrow.
  await parent.goto('/registered-parent/reschedule');
  await dayButton(parent, today).click();
  if (lastAsked.slice(0, 7) !== today.slice(0, 7)) await parent.getByRole('button', { name: /next month/i }).click();
  await dayButton(parent, lastAsked).click();
  await parent.getByLabel('Reason / Note (Optional)').fill('Exams that week');
  await parent.getByRole('button', { name: 'Submit Request' }).click();
  await expect(parent.getByRole('status').filter({ hasText: 'Success!' })).toBeVisible();

  // 2. Staff confirm one day at 4:00 PM, in their own browser.
  const staffContext = await browser.newContext({ baseURL: url });
  const staff = await staffContext.newPage();
  await signInToStaff(staff);
  const card = staff.getByRole('listitem').filter({ hasText: 'Note: Exams that week' });
  await card.getByLabel('Day').selectOption({ label: shortDayName(target.day) });
  await card.getByLabel('Time').fill(target.time);
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByText('Status: Confirmed')).toBeVisible();
  await staffContext.close();

  // 3. The schedule shows the moved session, and 'Your requests' says confirmed.
  await parent.goto('/registered-parent/schedule');
  await parent.getByRole('button', { name: 'Fetch My Schedule' }).click();
  const sessions = parent.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem');
  const movedRow = sessions.filter({ hasText: `Moved from ${sessionName(concerned)}` });
  await expect(movedRow).toContainText(startsAtWhen(moved.starts_at, new Date(), 'en').time);
  await expect(sessions.filter({ hasText: sessionName(concerned) }).filter({ hasNotText: 'Moved from' })).toHaveCount(
    0,
  );
  const request = parent
    .getByRole('list', { name: 'Your reschedule requests' })
    .getByRole('listitem')
    .filter({ hasText: 'Confirmed' });
  await expect(request).toContainText(`New time: ${startsAtWhen(moved.starts_at, new Date(), 'en').day}`);
  await expect(request).toContainText(`Dates: `);

  // 4. The .ics of the moved session: the same UID, a higher SEQUENCE, the new time. Where the old event was
  // added from this phone, the update is offered at once.
  const update = parent.getByRole('button', { name: `Update in calendar: ${sessionName(moved)}` });
  if (addedBefore) await expect(update).toHaveAttribute('aria-expanded', 'true');
  else await parent.getByRole('button', { name: `Add to calendar: ${sessionName(moved)}` }).click();
  const event = await downloadIcs(parent, `Download calendar file: ${sessionName(moved)}`);
  expect(event.uid).toBe(oldUid);
  expect(event.sequence).toBeGreaterThan(0);
  expect(event.start).toEqual(new Date(moved.starts_at));

  // 5. The thread shows the staff answer as an event line, not as a message from a person.
  await parent.goto('/registered-parent/chat');
  const line = parent
    .getByRole('region', { name: 'Messages with your facilitator' })
    .getByRole('listitem')
    .filter({ hasText: 'Request update' });
  await expect(line).toContainText('Your reschedule request is confirmed');
  await expect(line).toContainText(`By ${STAFF.name}`);
  await parentContext.close();
});

test('in Hindi: staff offer another time, which the parent accepts with one tap, and decline another with a reason', async ({
  browser,
  server: { url },
  request,
}) => {
  await clearOfClockEdges();
  // The roster's parent with no sessions, whom no other spec on the worker's server asks for.
  const today = toIstIso(new Date()).slice(0, 10);
  const target = nextFourPm(today, toIstIso(new Date()).slice(11, 16));
  const ask = (note: string) =>
    buildEnvelope({
      action: 'reschedule_range',
      user: QUIET_PARENT,
      payload: { start_date: today, end_date: addDays(today, 2) },
      note,
      language: 'hi',
    });
  for (const body of [ask('Offer, please'), ask('Decline, please')]) {
    expect((await request.post(WEBHOOK_PATH, { data: body })).status()).toBe(200);
  }

  const staffContext = await browser.newContext({ baseURL: url });
  const staff = await staffContext.newPage();
  await signInToStaff(staff);
  const offered = staff.getByRole('listitem').filter({ hasText: 'Note: Offer, please' });
  await offered.getByLabel('Day').selectOption({ label: shortDayName(target.day) });
  await offered.getByLabel('Time').fill(target.time);
  await offered.getByRole('button', { name: 'Offer another time' }).click();
  await expect(offered.getByText('Status: Another time offered')).toBeVisible();
  const declined = staff.getByRole('listitem').filter({ hasText: 'Note: Decline, please' });
  await declined.getByLabel('Reason, to decline').fill('उस हफ़्ते कोई फ़ैसिलिटेटर खाली नहीं है');
  await declined.getByRole('button', { name: 'Decline' }).click();
  await expect(declined.getByText('Status: Declined')).toBeVisible();
  await staffContext.close();

  const parentContext = await browser.newContext({ baseURL: url });
  const parent = await parentContext.newPage();
  await openSignedIn(parent, '/hi/registered-parent/schedule', QUIET_PARENT);
  await parent.getByRole('button', { name: 'मेरा शेड्यूल दिखाएँ' }).click();
  const cards = parent.getByRole('list', { name: 'सेशन की तारीख बदलने के आपके अनुरोध' }).getByRole('listitem');
  await expect(cards.filter({ hasText: 'मंज़ूर नहीं हुआ' })).toContainText('कारण: उस हफ़्ते कोई फ़ैसिलिटेटर खाली नहीं है');
  const offer = cards.filter({ hasText: 'दूसरा समय सुझाया गया' });
  const when = startsAtWhen(startsAtOf(target.day, target.time), new Date(), 'hi');
  await offer.getByRole('button', { name: `${when.day}, ${when.time} स्वीकार करें` }).click();
  const accepted = cards.filter({ hasText: `नया समय: ${when.day}, ${when.time}` });
  await expect(accepted).toContainText('तय हो गया');
  await expect(parent.getByRole('button', { name: /स्वीकार करें$/ })).toHaveCount(0);
  await parentContext.close();
});
