import type { Page } from '@playwright/test';
import { expectToast } from '../support/registered-parent.ts';
import { SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';
import { expect, test } from './fixtures.ts';
import { bodyOf, storedOutbox, waitForOutboxIdle } from '../support/outbox.ts';

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Meera's request on the form at `path`, made with the network cut: saved on the phone. */
async function saveRequest(page: Page, path: string, preferred: string, submit: string): Promise<void> {
  await page.goto(path);
  await field(page, 'Name').fill('Meera Nair');
  await field(page, 'Phone Number').fill('12345');
  await field(page, preferred).fill('Saturday morning');
  await page.getByRole('button', { name: submit }).click();
  await expect(page.getByRole('heading', { name: 'Saved on this phone' })).toBeVisible();
}

// What a form shows of a request saved and later refused (the saved panel, the fields put back, sending it again,
// Discard It) is its screen tests' (tests/unit/features/outbox/outbox-visitor-screen.test.tsx); here, requests
// across reloads, replayed by the worker or the page.
test.describe('a visitor’s requests made offline', { tag: SERVICE_WORKER }, () => {
  test('survive a reload; back online, one is delivered once and the refused one comes back in its form', async ({
    page,
    context,
    webhook,
  }) => {
    // The first visit, until the worker controls the page: only then do the forms open offline.
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    await saveRequest(page, '/new-to-thrive/book-consult', 'Preferred Days/Times (Optional)', 'Book Consultation');
    await saveRequest(page, '/new-to-thrive/schedule-call', 'Preferred Times (Optional)', 'Schedule Call');

    await page.reload();
    const [consult, call, ...more] = await storedOutbox(page);
    expect(more).toEqual([]);
    expect(consult?.envelope).toMatchObject({ action: 'book_consult', user: { name: 'Meera Nair', number: '12345' } });
    expect(call?.envelope).toMatchObject({ action: 'schedule_call', user: { name: 'Meera Nair', number: '12345' } });

    webhook
      .reply({ body: { message: 'We will call you' } })
      .reply({ status: 400, body: 'Please enter a valid phone number (10 digits or E.164 format)' });
    await context.setOffline(false);
    // Told whoever sends them: the page, or the worker's Background Sync before the reloaded page listens.
    await expectToast(page, 'success', 'Your consultation request was sent');
    await expectToast(
      page,
      'error',
      'Your saved call request was not accepted. Open Schedule a Call to check it and send it again.',
    );
    await expect
      .poll(async () => (await storedOutbox(page)).map(({ id, state }) => [id, state]))
      .toEqual([[call?.id, 'failed']]);
    await waitForOutboxIdle(page);
    expect(webhook.requests).toHaveLength(2);
    expect(bodyOf(webhook.requests[0])).toMatchObject({ request_id: consult?.id, preferred_times: 'Saturday morning' });
    expect(bodyOf(webhook.requests[1])).toMatchObject({ request_id: call?.id });

    await page.reload();
    const refused = page.getByRole('alert').filter({ hasText: 'Your earlier request was not accepted' });
    await expect(refused).toContainText('Please enter a valid phone number (10 digits or E.164 format)');
    expect(webhook.requests).toHaveLength(2);
  });
});
