import type { APIRequestContext } from '@playwright/test';
import { shortDayName } from '../../server/requests/rules.ts';
import { sessionConcerned } from '../../src/shared/schedule/request-session.ts';
import { addDays } from '../../src/shared/schedule/week.ts';
import { startsAtOf } from '../../src/shared/rules/request-outcome.ts';
import { restOfWeek } from '../../src/shared/schedule/rest-of-week.ts';
import { toIstIso } from '../../src/shared/format/ist.ts';
import { buildEnvelope } from '../../src/shared/webhook/envelope.ts';
import { WEBHOOK_PATH } from '../../src/shared/webhook/endpoint.ts';
import type { ParentRequest, RequestsAnswers } from '../../src/shared/webhook/requests.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  clearOfClockEdges,
  expect,
  nextFourPm,
  signInToStaff,
  SPEC_PARENTS,
  test,
  testParentSessions,
} from './fixtures.ts';

const PARENT = SPEC_PARENTS.inboxParent;
const VISITOR = { name: 'Kavya Menon', number: '9123456781' };

async function requestsOf(request: APIRequestContext): Promise<ParentRequest[]> {
  const answer = await request.post(WEBHOOK_PATH, { data: { action: 'list_requests', user: PARENT } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as RequestsAnswers['list_requests']).requests;
}

test('staff confirm a range request at 4:00 PM, decline one, offer a time the parent accepts, and work a consultation', async ({
  page,
  request,
}) => {
  await clearOfClockEdges();
  const now = toIstIso(new Date());
  const today = now.slice(0, 10);
  const target = nextFourPm(today, now.slice(11, 16));
  const asked = { start_date: today, end_date: addDays(today, 2) };
  const send = async (body: object) => expect((await request.post(WEBHOOK_PATH, { data: body })).status()).toBe(200);
  const range = buildEnvelope({ action: 'reschedule_range', user: PARENT, payload: asked, note: 'Exams, first' });
  const single = buildEnvelope({ action: 'reschedule_single', user: PARENT, payload: { date: today }, note: 'Travel' });
  const another = buildEnvelope({ action: 'reschedule_range', user: PARENT, payload: asked, note: 'Exams, second' });
  const consult = buildEnvelope({ action: 'book_consult', user: VISITOR, payload: {}, message: 'About reading' });
  for (const body of [range, single, another, consult]) await send(body);

  await signInToStaff(page);

  // Confirm one of the days asked for, at 4:00 PM.
  const first = page.getByRole('listitem').filter({ hasText: 'Note: Exams, first' });
  await expect(first.getByText(`Asked for: ${shortDayName(today)} – ${shortDayName(addDays(today, 2))}`)).toBeVisible();
  await expect(first.getByText('Status: Waiting for an answer')).toBeVisible();
  await expectNoAxeViolations(page, 'the request cards and their answer forms');
  await expect(first.getByRole('link', { name: '+91 90000 00012' })).toHaveAttribute('href', 'tel:+919000000012');
  await first.getByLabel('Day').selectOption({ label: shortDayName(target.day) });
  await first.getByLabel('Time').fill(target.time);
  await first.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status')).toContainText(`Reschedule (days) from ${PARENT.name}, by Meera Nair`);
  await expect(first.getByText('Status: Confirmed')).toBeVisible();

  // The parent's schedule shows the moved session at its new time; their requests say confirmed.
  const sessions = testParentSessions();
  const concerned = sessionConcerned({ start: asked.start_date, end: asked.end_date }, sessions);
  if (!concerned) throw new Error('the test roster names no session for the test parent');
  const schedule = await request.post(WEBHOOK_PATH, {
    data: buildEnvelope({ action: 'know_schedule', user: PARENT, payload: {} }),
  });
  const moved = { from: concerned, to: startsAtOf(target.day, target.time) };
  expect(((await schedule.json()) as { schedule: string }).schedule).toBe(restOfWeek(sessions, new Date(), [moved]));
  const confirmed = (await requestsOf(request)).find((r) => r.request_id === range.request_id);
  expect(confirmed).toMatchObject({
    status: 'confirmed',
    confirmed: { starts_at: moved.to, differs: false },
    calendar: { uid_of: concerned, sequence: 1 },
  });

  // The parent's thread has the answer as an event line; they never chatted, and their conversation opens.
  await first.getByRole('link', { name: `Conversation with ${PARENT.name}` }).click();
  await expect(page.getByRole('heading', { name: `Conversation with ${PARENT.name}` })).toBeVisible();
  await expect(page.getByText('Event: answered by Meera Nair')).toBeVisible();
  await expect(page.getByText('Your reschedule request is confirmed: your session is now on')).toBeInViewport();
  await expect(page.getByText('language: English, facilitator: Meera Nair')).toBeVisible();
  await page.getByLabel('Reply').fill('See you then.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status')).toHaveText('Reply sent');
  await expect(page.getByLabel('Reply')).toBeInViewport();

  // Decline, with a short reason.
  await page.getByRole('link', { name: 'Inbox' }).click();
  const travel = page.getByRole('listitem').filter({ hasText: 'Note: Travel' });
  await travel.getByLabel('Reason, to decline').fill('No facilitator is free that day');
  await travel.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('status')).toContainText(`Declined: Reschedule (one day) from ${PARENT.name}`);
  // Offer another time, which the parent accepts through the webhook.
  const second = page.getByRole('listitem').filter({ hasText: 'Note: Exams, second' });
  await second.getByLabel('Day').selectOption({ label: shortDayName(target.day) });
  await second.getByLabel('Time').fill(target.time);
  await second.getByRole('button', { name: 'Offer another time' }).click();
  await expect(second.getByText('Status: Another time offered')).toBeVisible();

  const mine = await requestsOf(request);
  expect(mine.find((r) => r.request_id === single.request_id)).toMatchObject({
    status: 'declined',
    reason: 'No facilitator is free that day',
    answered_by: 'Meera Nair',
  });
  const offer = mine.find((r) => r.request_id === another.request_id)?.offer;
  expect(offer?.starts_at).toBe(moved.to);
  const accept = {
    action: 'accept_offer',
    user: PARENT,
    payload: { request_id: another.request_id, offer_id: offer?.offer_id },
    timestamp_ist: toIstIso(new Date()),
    request_id: crypto.randomUUID(),
  };
  await send(accept);
  await page.reload();
  await expect(second.getByText('Status: Confirmed')).toBeVisible();
  await expect(second.getByText('The parent accepted')).toBeVisible();

  // A visitor's consultation: new, contacted, booked; the list filters by status.
  const visitor = page.getByRole('listitem').filter({ hasText: 'Consultation: Kavya Menon' });
  await expect(visitor.getByText('Status: New')).toBeVisible();
  await visitor.getByLabel('Status', { exact: true }).selectOption('Contacted');
  await visitor.getByLabel('Note').fill('Called, will book');
  await visitor.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByRole('status')).toContainText('Contacted: Consultation from Kavya Menon, by Meera Nair');
  await visitor.getByLabel('Status', { exact: true }).selectOption('Booked');
  await visitor.getByRole('button', { name: 'Save status' }).click();
  await expect(visitor.getByText('Status: Booked')).toBeVisible();
  await page.getByLabel('Show requests').selectOption('Booked');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(visitor).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `Reschedule (days): ${PARENT.name}` })).toHaveCount(0);
});
