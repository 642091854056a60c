import type { Page } from '@playwright/test';
import { waitForApp } from '../support/first-paint.ts';
import { expect, test } from './fixtures.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const IST_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+05:30$/;

const forms = [
  {
    path: '/new-to-thrive/book-consult',
    title: 'Book a Consultation',
    preferred: 'Preferred Days/Times (Optional)',
    submit: 'Book Consultation',
    action: 'book_consult',
    defaultSuccess: 'Your consultation request has been submitted successfully!',
  },
  {
    path: '/new-to-thrive/schedule-call',
    title: 'Schedule a Call',
    preferred: 'Preferred Times (Optional)',
    submit: 'Schedule Call',
    action: 'schedule_call',
    defaultSuccess: 'Your call request has been submitted successfully!',
  },
] as const;

const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ });

for (const form of forms) {
  test.describe(form.title, () => {
    // By accessible name: the asterisk is visual only, so the fields are announced as the spec names them.
    const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
    const name = (page: Page) => field(page, 'Name');
    const phone = (page: Page) => field(page, 'Phone Number');
    const preferred = (page: Page) => field(page, form.preferred);
    const message = (page: Page) => field(page, 'Message (Optional)');
    const submit = (page: Page) => page.getByRole('button', { name: form.submit, exact: true });

    test.beforeEach(async ({ page }) => {
      await page.goto(form.path);
      await expect(page.getByRole('heading', { level: 1, name: form.title })).toBeVisible();
    });

    test('labels every field as the spec does and suits a phone keyboard', async ({ page }) => {
      await expect(page.locator('label')).toHaveText([
        'Name *',
        'Phone Number *',
        form.preferred,
        'Message (Optional)',
      ]);
      await expect(name(page)).toHaveAttribute('required');
      await expect(name(page)).toHaveAttribute('autocomplete', 'name');
      await expect(phone(page)).toHaveAttribute('required');
      await expect(phone(page)).toHaveAttribute('type', 'tel');
      await expect(phone(page)).toHaveAttribute('autocomplete', 'tel');
      await expect(phone(page)).toHaveAttribute('placeholder', '+91 or 10 digits');
      await expect(preferred(page)).not.toHaveAttribute('required');
      await expect(message(page)).not.toHaveAttribute('required');
    });

    test('asks for a name and phone number when either is blank after trimming', async ({ page, webhook }) => {
      const cases = [
        { nameText: '', phoneText: '', focused: 'Name' },
        { nameText: '   ', phoneText: '9876543210', focused: 'Name' },
        { nameText: 'Asha', phoneText: '  ', focused: 'Phone Number' },
      ];
      for (const { nameText, phoneText, focused } of cases) {
        await page.reload();
        await waitForApp(page);
        await name(page).fill(nameText);
        await phone(page).fill(phoneText);
        await submit(page).click();
        await expect(toasts(page).getByText('Name and phone number are required')).toBeVisible();
        await expect(field(page, focused)).toBeFocused();
      }
      expect(webhook.requests).toHaveLength(0);
    });

    test("sends the exact envelope with trimmed texts and shows the server's message", async ({ page, webhook }) => {
      const answer = webhook.hold({ status: 200, body: { Message: 'We will call you on Monday at 10:00.' } });
      await name(page).fill('  Asha Rao ');
      await phone(page).fill(' +91 98765 43210 ');
      await preferred(page).fill('  Weekday evenings ');
      await message(page).fill('\n My son is 7. \n');
      const before = Date.now();
      await submit(page).click();

      const request = await answer.arrived;
      await expect(submit(page)).toBeDisabled();
      answer.release();
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.body).toStrictEqual({
        action: form.action,
        user: { name: 'Asha Rao', number: '+91 98765 43210' },
        payload: {},
        message: 'My son is 7.',
        preferred_times: 'Weekday evenings',
        language: 'en',
        timestamp_ist: expect.stringMatching(IST_ISO),
        request_id: expect.stringMatching(UUID_V4),
      });
      const sentAt = Date.parse((request?.body as { timestamp_ist: string }).timestamp_ist);
      expect(Math.abs(sentAt - before)).toBeLessThan(60_000);

      const panel = page.getByRole('status').filter({ hasText: 'Success!' });
      await expect(panel).toContainText('We will call you on Monday at 10:00.');
      await expect(toasts(page).getByText('Request submitted!')).toBeVisible();
      await expect(submit(page)).toHaveCount(0);

      await panel.getByRole('link', { name: 'Back to Options' }).click();
      await expect(page).toHaveURL(/\/new-to-thrive$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Thrive!' })).toBeVisible();
    });

    test('leaves out empty optional fields and shows the default text when the server says nothing', async ({
      page,
      webhook,
    }) => {
      webhook.reply({ status: 200, body: '' });
      await name(page).fill('Ravi');
      await phone(page).fill('9876543210');
      await preferred(page).fill('   ');
      await submit(page).click();

      const [request] = await webhook.waitForRequests(1);
      expect(Object.keys(request?.body as object).sort()).toEqual([
        'action',
        'language',
        'payload',
        'request_id',
        'timestamp_ist',
        'user',
      ]);
      expect(request?.body).toMatchObject({ action: form.action, user: { name: 'Ravi', number: '9876543210' } });
      const panel = page.getByRole('status').filter({ hasText: 'Success!' });
      await expect(panel).toContainText(form.defaultSuccess);
    });

    test('shows the server error, keeps what was typed and lets the visitor try again', async ({ page, webhook }) => {
      webhook.reply({ status: 422, body: 'The calendar is full this week' });
      webhook.reply({ status: 200, body: 'Thanks, see you soon' });
      await name(page).fill('Asha');
      await phone(page).fill('9876543210');
      await preferred(page).fill('Mornings');
      await message(page).fill('Hello');
      await submit(page).click();

      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Error');
      await expect(alert).toContainText('The calendar is full this week');
      await expect(toasts(page).getByText('Failed to submit request')).toBeVisible();
      await expect(name(page)).toHaveValue('Asha');
      await expect(phone(page)).toHaveValue('9876543210');
      await expect(preferred(page)).toHaveValue('Mornings');
      await expect(message(page)).toHaveValue('Hello');
      await expect(submit(page)).toBeEnabled();

      await submit(page).click();
      await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText('Thanks, see you soon');
      await expect(alert).toHaveCount(0);
      const requests = await webhook.waitForRequests(2);
      expect(requests[1]?.body).toMatchObject({ preferred_times: 'Mornings', message: 'Hello' });
    });

    test('shows the generic error text when a refusal has an empty body', async ({ page, webhook }) => {
      webhook.reply({ status: 409, body: '' });
      await name(page).fill('Asha');
      await phone(page).fill('9876543210');
      await submit(page).click();

      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Error');
      await expect(alert).toContainText('Failed to submit request');
      await expect(toasts(page).getByText('Failed to submit request')).toBeVisible();
    });
  });
}

test('a visitor can book a consultation with the keyboard alone', async ({ page, webhook }) => {
  webhook.reply({ status: 200, body: '' });
  await page.goto('/new-to-thrive/book-consult');
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Consultation' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Asha');
  await page.keyboard.press('Tab');
  await page.keyboard.type('9876543210');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText(
    'Your consultation request has been submitted successfully!',
  );
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Back to Options' })).toBeFocused();
});
