import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { answerText } from '../../server/contract/texts.ts';
import type { ParentRequest, SessionRef } from '../../src/shared/webhook/requests.ts';
import { expectAccessible } from '../support/axe.ts';
import { CODE, conversationRequests, FakeConversation } from '../support/fake-conversation.ts';
import { parseIcs } from '../support/ical.ts';
import { openControlled, storedOutbox, waitForOutboxDrained } from '../support/outbox.ts';
import { ASHA, expectToast, openSignedIn } from '../support/registered-parent.ts';
import { expect, test } from './fixtures.ts';
import { SERVICE_WORKER } from '../support/service-worker.ts';

/**
 * What became of the parent's reschedule requests, on the schedule screen:
 * each outcome on the 'Your requests' card, the moved session with its
 * calendar update, an offered time accepted offline through the outbox
 * (sent once), and the staff answer's event line in the thread.
 */

// Monday 23 Nov 2026, 10:00 in India: the schedule's week runs to Sunday 29 Nov.
const NOW = '2026-11-23T10:00:00.000+05:30';
const SCHEDULE = '/registered-parent/schedule';

const WEDNESDAY: SessionRef = {
  day: 'Wednesday',
  time: '5:00 PM',
  facilitator: 'Ms. Rao',
  starts_at: '2026-11-25T17:00:00+05:30',
};
const asked = (sentAt: string) => ({
  asked: { start_date: '2026-11-24', end_date: '2026-11-25' },
  sent_at: sentAt,
  session: WEDNESDAY,
});
const CONFIRMED: ParentRequest = {
  request_id: 'req-confirmed',
  ...asked('2026-11-23T09:40:00+05:30'),
  status: 'confirmed',
  confirmed: { starts_at: '2026-11-26T16:00:00+05:30', differs: true },
  calendar: { uid_of: WEDNESDAY, sequence: 1 },
};
const OFFERED: ParentRequest = {
  request_id: 'req-offered',
  ...asked('2026-11-23T09:30:00+05:30'),
  status: 'offered',
  offer: { offer_id: 'offer-1', starts_at: '2026-11-27T18:00:00+05:30' },
};
const DECLINED: ParentRequest = {
  request_id: 'req-declined',
  ...asked('2026-11-23T09:20:00+05:30'),
  status: 'declined',
  reason: 'No facilitator is free that week',
};
const WAITING: ParentRequest = { request_id: 'req-waiting', ...asked('2026-11-23T09:10:00+05:30'), status: 'waiting' };

const card = (page: Page, name = 'Your reschedule requests') => page.getByRole('list', { name }).getByRole('listitem');
const request = (page: Page, text: string, name?: string) => card(page, name).filter({ hasText: text });

async function downloadIcs(page: Page, name: string) {
  const arriving = page.waitForEvent('download');
  await page.getByRole('button', { name }).click();
  const [event] = parseIcs(await readFile(await (await arriving).path(), 'utf8')).events;
  if (!event) throw new Error('no VEVENT in the file');
  return event;
}

test.describe('request outcomes', { tag: SERVICE_WORKER }, () => {
  test('the card’s outcomes, the moved session’s calendar update, an offer accepted offline and sent once, and the event line', async ({
    page,
    context,
    webhook,
  }) => {
    const conversation = new FakeConversation(webhook);
    conversation.schedule = 'Wednesday: 5:00 PM with Ms. Rao\nFriday: 11:00 AM with Ms. Rao';
    await page.clock.setFixedTime(new Date(NOW));
    await openControlled(page, SCHEDULE);
    await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
    await expect(page.getByRole('list', { name: 'Sessions this week' })).toBeVisible();
    // No requests yet: no card at all.
    await expect(page.getByRole('heading', { name: 'Your requests' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add to calendar: Wednesday, 25 Nov 5:00 PM with Ms. Rao' }).click();
    const added = await downloadIcs(page, 'Download calendar file: Wednesday, 25 Nov 5:00 PM with Ms. Rao');

    // Staff answer: Wednesday moves to Thursday 4:00 PM, another time is offered, one is declined, one waits.
    conversation.schedule = 'Thursday: 4:00 PM with Ms. Rao\nFriday: 11:00 AM with Ms. Rao';
    webhook.outcomes.push(WAITING, DECLINED, OFFERED, CONFIRMED);
    await page.getByRole('button', { name: 'Refresh Schedule' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Your requests' })).toBeVisible();
    await expect(card(page)).toHaveCount(4);
    // Newest first.
    await expect(card(page).first()).toContainText('Confirmed');
    await expect(request(page, 'Confirmed')).toContainText('New time: Thursday, 26 Nov, 4:00 PM');
    await expect(request(page, 'Confirmed')).toContainText('This is not one of the days you asked for.');
    await expect(request(page, 'Confirmed')).toContainText('Dates: 24 Nov 2026 – 25 Nov 2026');
    await expect(request(page, 'Declined')).toContainText('Reason: No facilitator is free that week');
    await expect(request(page, 'Waiting for an answer')).toContainText(
      'Session: Wednesday, 25 Nov, 5:00 PM with Ms. Rao',
    );
    // Staff's words are isolated by direction from the card's own: the reason, the facilitator's name.
    const reason = request(page, 'Declined').getByText('No facilitator is free that week', { exact: true });
    await expect(reason).toHaveJSProperty('localName', 'bdi');
    const facilitator = request(page, 'Waiting for an answer').getByText('Ms. Rao', { exact: true });
    await expect(facilitator).toHaveJSProperty('localName', 'bdi');
    const offered = request(page, 'Another time offered');
    await expect(offered).toContainText('Offered: Friday, 27 Nov, 6:00 PM');
    await expect(offered.getByRole('link', { name: 'Ask for a different time' })).toHaveAttribute(
      'href',
      '/registered-parent/reschedule',
    );

    // The moved session says where it was, and offers the update the way the old event was added: the file.
    const thursday = page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem').first();
    await expect(thursday).toContainText('Moved from Wednesday, 25 Nov 5:00 PM with Ms. Rao');
    const update = page.getByRole('button', { name: 'Update in calendar: Thursday, 26 Nov 4:00 PM with Ms. Rao' });
    await expect(update).toHaveAttribute('aria-expanded', 'true');
    await expect(thursday).toContainText('Open the file: the event already in your calendar moves to the new time.');
    const moved = await downloadIcs(page, 'Download calendar file: Thursday, 26 Nov 4:00 PM with Ms. Rao');
    expect(moved.uid).toBe(added.uid);
    expect(moved.sequence).toBeGreaterThan(added.sequence);
    expect(moved.start).toEqual(new Date('2026-11-26T16:00:00+05:30'));
    // A session that did not move is added as before.
    await expect(
      page.getByRole('button', { name: 'Add to calendar: Friday, 27 Nov 11:00 AM with Ms. Rao' }),
    ).toBeVisible();

    // Offline, Accept is saved first, and the button goes: a second tap cannot make a second request.
    await context.setOffline(true);
    await offered.getByRole('button', { name: 'Accept Friday, 27 Nov, 6:00 PM' }).click();
    await expect(offered).toContainText('Accepted. Saved on this phone: it will be sent when the connection is back.');
    await expect(offered.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
    const [saved] = await storedOutbox(page);
    expect(saved?.envelope).toMatchObject({
      action: 'accept_offer',
      user: ASHA,
      payload: { request_id: 'req-offered', offer_id: 'offer-1' },
      language: 'en',
    });

    // Reopened with no network: the saved copy and the outbox still tell the same story.
    await page.reload();
    await expect(request(page, 'Another time offered')).toContainText('Accepted. Saved on this phone');
    await expect(request(page, 'Declined')).toContainText('Reason: No facilitator is free that week');

    await context.setOffline(false);
    await expectToast(page, 'success', 'The time you accepted was sent');
    await expect(card(page).filter({ hasText: 'New time: Friday, 27 Nov, 6:00 PM' })).toContainText('Confirmed');
    await waitForOutboxDrained(page, webhook);
    const accepts = conversationRequests(webhook, 'accept_offer');
    expect(accepts.map((sent) => sent.body)).toEqual([saved?.envelope]);

    // The staff answer is in the thread as an event line, not as a message from a person.
    conversation.reply('See you on Friday.');
    conversation.reply(answerText('en', 'eventDeclined', { reason: 'No facilitator is free that week' }), {
      from: 'event',
    });
    await page.getByRole('link', { name: 'Back to Menu' }).click();
    await page.getByRole('link', { name: /Chat with your facilitator/ }).click();
    await page.getByRole('button', { name: 'Send Me a Code' }).click();
    await page.getByRole('textbox', { name: '6-digit code' }).fill(CODE);
    await page.getByRole('button', { name: 'Verify Phone' }).click();
    const event = page
      .getByRole('region', { name: 'Messages with your facilitator' })
      .getByRole('listitem')
      .filter({ hasText: 'You accepted the time offered' });
    await expect(event).toContainText('Request update');
    await expect(event).not.toContainText('Your facilitator');
    await expect(event.getByText('You', { exact: true })).toHaveCount(0);
    // Staff's words are isolated by direction: a reply, the event line, and each name (the reply's, the event's By).
    const thread = page.getByRole('region', { name: 'Messages with your facilitator' });
    await expect(thread.getByText('See you on Friday.', { exact: true })).toHaveAttribute('dir', 'auto');
    await expect(event.getByText(/^You accepted the time offered/)).toHaveJSProperty('localName', 'bdi');
    const names = thread.getByText('Ms. Rao', { exact: true });
    await expect(names).toHaveCount(2);
    for (const name of await names.all()) await expect(name).toHaveJSProperty('localName', 'bdi');
  });
});

test('the card in Hindi on a 360 px phone, and an offer withdrawn before it is accepted', async ({ page, webhook }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const conversation = new FakeConversation(webhook);
  conversation.schedule = 'Thursday: 4:00 PM with Ms. Rao';
  webhook.outcomes.push(WAITING, DECLINED, OFFERED, CONFIRMED);
  await page.clock.setFixedTime(new Date(NOW));
  await openSignedIn(page, `/hi${SCHEDULE}`);
  await page.getByRole('button', { name: 'मेरा शेड्यूल दिखाएँ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'आपके अनुरोध' })).toBeVisible();
  expect(webhook.listReads.map((read) => read.body)).toEqual([{ action: 'list_requests', user: ASHA, language: 'hi' }]);
  const list = 'सेशन की तारीख बदलने के आपके अनुरोध';
  await expect(request(page, 'तय हो गया', list)).toContainText('नया समय: गुरुवार, 26 नवंबर, शाम 4:00');
  await expect(request(page, 'तय हो गया', list)).toContainText('यह आपकी चुनी हुई तारीखों में से नहीं है।');
  await expect(request(page, 'मंज़ूर नहीं हुआ', list)).toContainText('कारण: No facilitator is free that week');
  await expect(request(page, 'जवाब का इंतज़ार है', list)).toContainText('तारीखें: 24 नवंबर 2026 – 25 नवंबर 2026');
  const offered = request(page, 'दूसरा समय सुझाया गया', list);
  await expect(offered.getByRole('link', { name: 'कोई और समय माँगें' })).toHaveAttribute(
    'href',
    '/hi/registered-parent/reschedule',
  );

  await expect(request(page, 'तय हो गया', list)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The schedule's own toast may still be sliding in: expectAccessible measures it once it has settled.
  await expectAccessible(page, 'the Hindi requests card');

  // Staff withdrew the offer meanwhile: the webhook refuses, nothing stays saved, and the offer stays to choose again.
  const index = webhook.outcomes.findIndex((outcome) => outcome.request_id === OFFERED.request_id);
  webhook.outcomes[index] = { ...DECLINED, request_id: OFFERED.request_id };
  await offered.getByRole('button', { name: 'शुक्रवार, 27 नवंबर, शाम 6:00 स्वीकार करें' }).click();
  await expectToast(page, 'error', answerText('hi', 'offerNotOpen'));
  await expect(offered.getByRole('button', { name: 'शुक्रवार, 27 नवंबर, शाम 6:00 स्वीकार करें' })).toBeVisible();
  expect(conversationRequests(webhook, 'accept_offer')).toHaveLength(1);
});
