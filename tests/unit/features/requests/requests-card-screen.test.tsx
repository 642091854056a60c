import { screen, within } from '@testing-library/react';
import { beforeEach, expect, test } from 'vitest';
import { answerText } from '../../../../server/contract/texts.ts';
import { paths } from '../../../../src/config/paths.ts';
import { conversationRequests, FakeConversation } from '../../../support/fake-conversation.ts';
import { parseIcs } from '../../../support/ical.ts';
import { ASHA, NOW } from '../../../support/people.ts';
import { setClock } from '../../../support/screen/clock.ts';
import { catchDownloads } from '../../../support/screen/downloads.ts';
import { emptyIndexedDb } from '../../../support/screen/fresh-storage.ts';
import { preloadScreens } from '../../../support/screen/preload-screens.ts';
import { findToast, renderApp } from '../../../support/screen/render-app.tsx';
import { CONFIRMED, DECLINED, OFFERED, WAITING, WEDNESDAY } from '../../../support/request-outcomes.ts';

const card = (name = 'Your reschedule requests') => within(screen.getByRole('list', { name })).getAllByRole('listitem');
function request(text: string, name?: string): HTMLElement {
  const found = card(name).find((item) => item.textContent.includes(text));
  if (!found) throw new Error(`No request on the card says ${text}`);
  return found;
}
const sessions = () => within(screen.getByRole('list', { name: 'Sessions this week' })).getAllByRole('listitem');

preloadScreens(paths.schedule);
beforeEach(emptyIndexedDb);

test('shows no card before any request, then each outcome newest first, staff’s words isolated', async () => {
  setClock(NOW);
  const app = renderApp(paths.schedule, { user: ASHA });
  new FakeConversation(app.webhook).schedule = 'Wednesday: 5:00 PM with Ms. Rao';
  await app.user.click(await screen.findByRole('button', { name: 'Fetch My Schedule' }));
  await screen.findByRole('list', { name: 'Sessions this week' });
  await findToast('success', 'Schedule retrieved successfully!');
  expect(app.webhook.listReads).toHaveLength(1);
  expect(screen.queryByRole('heading', { name: 'Your requests' })).toBeNull();

  app.webhook.outcomes.push(WAITING, DECLINED, OFFERED, CONFIRMED);
  await app.user.click(screen.getByRole('button', { name: 'Refresh Schedule' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Your requests' })).toBeTruthy();
  expect(card()).toHaveLength(4);
  expect(card()[0]?.textContent).toContain('Confirmed');
  expect(request('Confirmed').textContent).toContain('New time: Thursday, 26 Nov, 4:00 PM');
  expect(request('Confirmed').textContent).toContain('This is not one of the days you asked for.');
  expect(request('Confirmed').textContent).toContain('Dates: 24 Nov 2026 – 25 Nov 2026');
  expect(request('Declined').textContent).toContain('Reason: No facilitator is free that week');
  expect(request('Waiting for an answer').textContent).toContain('Session: Wednesday, 25 Nov, 5:00 PM with Ms. Rao');
  const reason = within(request('Declined')).getByText('No facilitator is free that week', { exact: true });
  expect(reason.localName).toBe('bdi');
  expect(within(request('Waiting for an answer')).getByText('Ms. Rao', { exact: true }).localName).toBe('bdi');
  const offered = request('Another time offered');
  expect(offered.textContent).toContain('Offered: Friday, 27 Nov, 6:00 PM');
  expect(within(offered).getByRole('button', { name: 'Accept Friday, 27 Nov, 6:00 PM' })).toBeTruthy();
  const askAgain = within(offered).getByRole('link', { name: 'Ask for a different time' });
  expect(askAgain.getAttribute('href')).toBe('/registered-parent/reschedule');
});

test('a session moved at the parent’s request says where it was, and updates the event they added by file, above the programme’s cancellation of it', async () => {
  setClock(NOW);
  const app = renderApp(paths.schedule, { user: ASHA });
  const downloads = catchDownloads();
  const conversation = new FakeConversation(app.webhook);
  conversation.schedule = 'Wednesday: 5:00 PM with Ms. Rao\nFriday: 11:00 AM with Ms. Rao';
  await app.user.click(await screen.findByRole('button', { name: 'Fetch My Schedule' }));
  await app.user.click(
    await screen.findByRole('button', { name: 'Add to calendar: Wednesday, 25 Nov 5:00 PM with Ms. Rao' }),
  );
  await app.user.click(
    screen.getByRole('button', { name: 'Download calendar file: Wednesday, 25 Nov 5:00 PM with Ms. Rao' }),
  );
  const [added] = parseIcs((await downloads.take()).text).events;

  // The programme cancelled Wednesday at its usual time, and then staff moved it to Thursday 4:00 PM at the
  // parent's request: their session is on Thursday, so nothing tells of the cancellation or cancels its event.
  conversation.schedule = 'Thursday: 4:00 PM with Ms. Rao\nFriday: 11:00 AM with Ms. Rao';
  conversation.changes = [{ announcement_id: 'ann-1', kind: 'cancelled', session: WEDNESDAY, reason: 'Diwali' }];
  app.webhook.outcomes.push(CONFIRMED);
  await app.user.click(screen.getByRole('button', { name: 'Refresh Schedule' }));
  const update = await screen.findByRole('button', {
    name: 'Update in calendar: Thursday, 26 Nov 4:00 PM with Ms. Rao',
  });
  expect(screen.queryByRole('region', { name: 'Changes this week' })).toBeNull();
  const thursday = sessions()[0];
  expect(thursday?.textContent).toContain('Moved from Wednesday, 25 Nov 5:00 PM with Ms. Rao');
  expect(update.getAttribute('aria-expanded')).toBe('true');
  expect(thursday?.textContent).toContain('Open the file: the event already in your calendar moves to the new time.');
  await app.user.click(
    screen.getByRole('button', { name: 'Download calendar file: Thursday, 26 Nov 4:00 PM with Ms. Rao' }),
  );
  const [moved] = parseIcs((await downloads.take()).text).events;
  expect(moved?.uid).toBe(added?.uid);
  // The request's first move (1), above the cancellation's 1 the phone may hold.
  expect(moved?.sequence).toBe(2);
  expect(moved?.start).toEqual(new Date('2026-11-26T16:00:00+05:30'));
  // A session that did not move is added as before.
  expect(screen.getByRole('button', { name: 'Add to calendar: Friday, 27 Nov 11:00 AM with Ms. Rao' })).toBeTruthy();
});

test('in Hindi: the card asked and written in Hindi, and an offer withdrawn before it is accepted stays', async () => {
  setClock(NOW);
  const app = renderApp(paths.schedule, { user: ASHA, locale: 'hi' });
  new FakeConversation(app.webhook).schedule = 'Thursday: 4:00 PM with Ms. Rao';
  app.webhook.outcomes.push(WAITING, DECLINED, OFFERED, CONFIRMED);
  await app.user.click(await screen.findByRole('button', { name: 'मेरा शेड्यूल दिखाएँ' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'आपके अनुरोध' })).toBeTruthy();
  expect(app.webhook.listReads.map((read) => read.body)).toEqual([
    { action: 'list_requests', user: ASHA, language: 'hi' },
  ]);
  const list = 'सेशन की तारीख बदलने के आपके अनुरोध';
  expect(request('तय हो गया', list).textContent).toContain('नया समय: गुरुवार, 26 नवंबर, शाम 4:00');
  expect(request('तय हो गया', list).textContent).toContain('यह आपकी चुनी हुई तारीखों में से नहीं है।');
  expect(request('मंज़ूर नहीं हुआ', list).textContent).toContain('कारण: No facilitator is free that week');
  expect(request('जवाब का इंतज़ार है', list).textContent).toContain('तारीखें: 24 नवंबर 2026 – 25 नवंबर 2026');
  const offered = () => request('दूसरा समय सुझाया गया', list);
  const askAgain = within(offered()).getByRole('link', { name: 'कोई और समय माँगें' });
  expect(askAgain.getAttribute('href')).toBe('/hi/registered-parent/reschedule');

  // Staff withdrew the offer meanwhile: the webhook refuses, and the offer stays to choose again.
  const index = app.webhook.outcomes.findIndex((outcome) => outcome.request_id === OFFERED.request_id);
  app.webhook.outcomes[index] = { ...DECLINED, request_id: OFFERED.request_id };
  const accept = 'शुक्रवार, 27 नवंबर, शाम 6:00 स्वीकार करें';
  await app.user.click(within(offered()).getByRole('button', { name: accept }));
  await findToast('error', answerText('hi', 'offerNotOpen'));
  expect(within(offered()).getByRole('button', { name: accept })).toBeTruthy();
  expect(conversationRequests(app.webhook, 'accept_offer')).toHaveLength(1);
});
