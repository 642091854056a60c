import { buildEnvelope } from '../../src/shared/webhook/envelope.ts';
import { WEBHOOK_PATH } from '../../src/shared/webhook/endpoint.ts';
import { expectNoAxeViolations, expectNoSmallTargets } from '../support/axe.ts';
import { STAFF } from '../support/staff.ts';
import { expect, test } from './fixtures.ts';

/** A name a careless page would render as markup. */
const PARENT = { name: '<b>Bold</b> Parent', number: '9812300001' };

test.use({ viewport: { width: 360, height: 740 } });

test('staff sign in, read a parent’s message, reply, and mark a request handled, on a 360 px phone', async ({
  page,
  request,
}) => {
  const chat = buildEnvelope({
    action: 'chat_facilitator',
    user: PARENT,
    payload: { message: 'Can we <i>talk</i> about reading?', attachments: [] },
  });
  const consult = buildEnvelope({ action: 'book_consult', user: PARENT, payload: {}, message: 'About my daughter' });
  for (const body of [chat, consult]) expect((await request.post(WEBHOOK_PATH, { data: body })).status()).toBe(200);

  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'the staff inbox');
  // Axe lets a short link pass beside a short name, and fails the same link beside a longer one: every target is 24 px.
  await expectNoSmallTargets(page, 'the staff inbox');
  // The name is text: its tags show, and no <b> element was made of it.
  await page.getByRole('link', { name: '<b>Bold</b> Parent', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Conversation with <b>Bold</b> Parent' })).toBeVisible();
  await expect(page.getByText('Can we <i>talk</i> about reading?')).toBeVisible();
  await page.getByLabel('Reply').fill('Of course: <em>Monday</em> after the session?');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status')).toHaveText('Reply sent');
  await expect(page.getByText('Of course: <em>Monday</em> after the session?')).toBeVisible();
  await expect(page.getByText('Meera Nair (staff)', { exact: false })).toBeVisible();
  await expect(page.locator('main b, main i, main em')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole('link', { name: 'Inbox' }).click();
  const consultItem = page.getByRole('listitem').filter({ hasText: 'Consultation: <b>Bold</b> Parent' });
  await expect(consultItem.getByText('Status: New')).toBeVisible();
  await consultItem.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Marked handled: Consultation from <b>Bold</b> Parent, by Meera Nair',
  );
  await expect(consultItem.getByText('Marked handled by Meera Nair')).toBeVisible();
  await expect(consultItem.getByRole('button', { name: 'Mark new' })).toBeVisible();

  // The same pages on a laptop: nothing wider than the window.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});
