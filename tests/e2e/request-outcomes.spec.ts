import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { conversationRequests, FakeConversation } from '../support/fake-conversation.ts';
import { openControlled, storedOutbox, waitForOutboxDrained } from '../support/outbox.ts';
import { NOW } from '../support/people.ts';
import { ASHA, expectToast, openSignedIn } from '../support/registered-parent.ts';
import { CONFIRMED, DECLINED, OFFERED, WAITING } from '../support/request-outcomes.ts';
import { expect, test } from './fixtures.ts';
import { SERVICE_WORKER } from '../support/service-worker.ts';

/**
 * What became of the parent's reschedule requests, on the schedule screen, where it needs a browser: an offered time
 * accepted offline through the outbox, read again after an offline reload and sent once back online; and the Hindi
 * card on a 360 px phone, measured by axe. The card's states, the moved session's calendar update, a withdrawn offer
 * and the thread's event line are screen tests (tests/unit/features/requests/requests-card-screen.test.tsx,
 * tests/unit/features/conversation/conversation-screen.test.tsx).
 */

const SCHEDULE = '/registered-parent/schedule';

const card = (page: Page, name = 'Your reschedule requests') => page.getByRole('list', { name }).getByRole('listitem');
const request = (page: Page, text: string, name?: string) => card(page, name).filter({ hasText: text });

test.describe('request outcomes', { tag: SERVICE_WORKER }, () => {
  test('an offer accepted offline is saved first, shown after an offline reload, and sent once back online', async ({
    page,
    context,
    webhook,
  }) => {
    // The schedule, and accept_offer as the reference server answers it.
    new FakeConversation(webhook);
    webhook.outcomes.push(DECLINED, OFFERED);
    await page.clock.setFixedTime(new Date(NOW));
    await openControlled(page, SCHEDULE);
    await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
    const offered = request(page, 'Another time offered');
    await expect(offered).toContainText('Offered: Friday, 27 Nov, 6:00 PM');

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
  });
});

test('the Hindi card fits a 360 px phone and passes axe', async ({ page, webhook }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const conversation = new FakeConversation(webhook);
  conversation.schedule = 'Thursday: 4:00 PM with Ms. Rao';
  webhook.outcomes.push(WAITING, DECLINED, OFFERED, CONFIRMED);
  await page.clock.setFixedTime(new Date(NOW));
  await openSignedIn(page, `/hi${SCHEDULE}`);
  await page.getByRole('button', { name: 'मेरा शेड्यूल दिखाएँ' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'आपके अनुरोध' })).toBeVisible();
  await expect(request(page, 'तय हो गया', 'सेशन की तारीख बदलने के आपके अनुरोध')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The schedule's own toast may still be sliding in: expectAccessible measures it once it has settled.
  await expectAccessible(page, 'the Hindi requests card');
});
