import type { Page } from '@playwright/test';
import { E2E_DIST_NO_KNOW_MORE, madeBuild } from '../support/build.ts';
import { expectAccessible, settled } from '../support/axe.ts';
import { waitForApp } from '../support/first-paint.ts';
import { toast } from '../support/registered-parent.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expect, test } from './fixtures.ts';

const forms = [
  { path: '/new-to-thrive/book-consult', title: 'Book a Consultation', submit: 'Book Consultation' },
  { path: '/new-to-thrive/schedule-call', title: 'Schedule a Call', submit: 'Schedule Call' },
] as const;

async function fillRequired(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Asha Rao');
  await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('9876543210');
}

for (const form of forms) {
  // One page walks the form's states in turn; the busy state is scanned while the test holds the answer.
  test(`${form.title} is accessible in every state: empty, required, busy, failed, then sent`, async ({
    page,
    webhook,
  }) => {
    // Five axe scans on one page: as long as the other walks of a screen's states on a busy 2-core machine.
    const submit = page.getByRole('button', { name: form.submit, exact: true });
    await page.goto(form.path);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: form.title })).toBeVisible();
    await expectAccessible(page, `${form.title}, empty`);

    await submit.click();
    const required = toast(page, 'error', 'Name and phone number are required');
    await expect(required).toBeVisible();
    await settled(required);
    await expectAccessible(page, `${form.title} with 'Name and phone number are required'`);
    expect(webhook.requests).toHaveLength(0);

    await fillRequired(page);
    const busy = webhook.hold({ status: 422, body: 'The calendar is full this week' });
    await submit.click();
    await busy.arrived;
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await expectAccessible(page, `${form.title}, sending`);
    busy.release();
    await expect(page.getByRole('alert')).toContainText('The calendar is full this week');
    const failed = toast(page, 'error', 'Failed to submit request');
    await expect(failed).toBeVisible();
    await settled(failed);
    await expectAccessible(page, `${form.title}, error panel`);

    webhook.reply({ body: { message: 'We will call you on Monday.' } });
    await submit.click();
    const panel = page.getByRole('status').filter({ hasText: 'Success!' });
    await expect(panel).toContainText('We will call you on Monday.');
    const submitted = toast(page, 'success', 'Request submitted!');
    await expect(submitted).toBeVisible();
    await settled(submitted);
    await expectAccessible(page, `${form.title}, success panel`);
  });
}

test.describe('know more, when no information page is configured', () => {
  let server: TestServer;

  test.beforeAll(async () => {
    server = await startTestServer(await madeBuild(E2E_DIST_NO_KNOW_MORE));
  });

  test.afterAll(async () => {
    await server.close();
  });

  test('the notice page is accessible', async ({ page }) => {
    await page.goto(`${server.url}/new-to-thrive/know-more`);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Know more about Thrive' })).toBeVisible();
    await expect(page.getByText('The programme information page is not configured yet.')).toBeVisible();
    await expectAccessible(page, 'know more, not configured');
  });
});
