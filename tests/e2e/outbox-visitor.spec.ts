import type { BrowserContext, Page } from '@playwright/test';
import { expectToast } from '../support/registered-parent.ts';
import { SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';
import { expect, test } from './fixtures.ts';
import { bodyOf, storedOutbox, waitForOutboxIdle } from '../support/outbox.ts';

const SAVED = 'Your request is saved on this phone and will be sent automatically when the connection is back.';

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function fillConsult(page: Page): Promise<void> {
  await field(page, 'Name').fill('Meera Nair');
  await field(page, 'Phone Number').fill('12345');
  await field(page, 'Preferred Days/Times (Optional)').fill('Saturday morning');
  await page.getByRole('button', { name: 'Book Consultation' }).click();
}

/** A visitor's first visit, until the worker controls the page, then the consult form with the network cut. */
async function openConsultOffline(page: Page, context: BrowserContext): Promise<void> {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await page.goto('/new-to-thrive/book-consult');
  await context.setOffline(true);
}

test.describe('a visitor’s request made offline', { tag: SERVICE_WORKER }, () => {
  test('is saved on the phone, survives a reload, and is delivered once when the connection returns', async ({
    page,
    context,
    webhook,
  }) => {
    await openConsultOffline(page, context);
    await fillConsult(page);
    const saved = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Saved on this phone' }) });
    await expect(saved).toContainText(SAVED);
    await expect(saved.getByRole('link', { name: 'Back to Options' })).toBeVisible();
    await expectToast(page, 'info', 'Saved on this phone: it will be sent automatically when the connection is back');

    await page.reload();
    const [item] = await storedOutbox(page);
    expect(item?.envelope).toMatchObject({ action: 'book_consult', user: { name: 'Meera Nair', number: '12345' } });

    webhook.reply({ body: { message: 'We will call you' } });
    await context.setOffline(false);
    // Told whoever sends it: the page, or the worker's Background Sync before the reloaded page listens.
    await expectToast(page, 'success', 'Your consultation request was sent');
    await expect.poll(() => storedOutbox(page)).toEqual([]);
    await waitForOutboxIdle(page);
    expect(await storedOutbox(page)).toEqual([]);
    expect(webhook.requests).toHaveLength(1);
    expect(bodyOf(webhook.requests[0])).toMatchObject({ request_id: item?.id, preferred_times: 'Saturday morning' });
  });

  test('refused once the connection returns, it comes back in the form with the server’s reason', async ({
    page,
    context,
    webhook,
  }) => {
    await openConsultOffline(page, context);
    await fillConsult(page);
    await expect(page.getByRole('heading', { name: 'Saved on this phone' })).toBeVisible();

    webhook.reply({ status: 400, body: 'Please enter a valid phone number (10 digits or E.164 format)' });
    await context.setOffline(false);
    await expectToast(
      page,
      'error',
      'Your saved consultation request was not accepted. Open Book a Consultation to check it and send it again.',
    );

    await page.goto('/new-to-thrive/book-consult');
    const refused = page.getByRole('alert').filter({ hasText: 'Your earlier request was not accepted' });
    await expect(refused).toContainText('Please enter a valid phone number (10 digits or E.164 format)');
    await expect(field(page, 'Name')).toHaveValue('Meera Nair');
    await expect(field(page, 'Phone Number')).toHaveValue('12345');
    await expect(field(page, 'Preferred Days/Times (Optional)')).toHaveValue('Saturday morning');

    webhook.reply({ body: { message: 'Thanks, Meera' } });
    await field(page, 'Phone Number').fill('9876501234');
    await page.getByRole('button', { name: 'Book Consultation' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText('Thanks, Meera');
    await waitForOutboxIdle(page);
    expect(await storedOutbox(page)).toEqual([]);
    expect(bodyOf(webhook.requests[1])).toMatchObject({ user: { number: '9876501234' } });
  });

  test('refused and discarded: the form is empty again and nothing is sent', async ({ page, context, webhook }) => {
    await openConsultOffline(page, context);
    await fillConsult(page);
    await expect(page.getByRole('heading', { name: 'Saved on this phone' })).toBeVisible();
    webhook.reply({ status: 422, body: '' });
    await context.setOffline(false);
    await expect.poll(async () => (await storedOutbox(page))[0]?.state).toBe('failed');

    await page.goto('/new-to-thrive/book-consult');
    const refused = page.getByRole('alert').filter({ hasText: 'Your earlier request was not accepted' });
    await expect(refused).toContainText('Failed to submit request');
    await refused.getByRole('button', { name: 'Discard It' }).click();
    await expect(refused).toHaveCount(0);
    await expect(field(page, 'Name')).toHaveValue('');
    await expect.poll(() => storedOutbox(page)).toEqual([]);
    expect(webhook.requests).toHaveLength(1);
  });
});
