import type { Page } from '@playwright/test';
import { waitForApp } from '../support/first-paint.ts';
import type { RecordingWebhook } from '../support/recording-webhook.ts';
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

type Form = (typeof forms)[number];

/** The form as a new tab opens it, and no request recorded before this step: a step is judged on its own. */
async function openForm(page: Page, webhook: RecordingWebhook, form: Form): Promise<void> {
  webhook.requests.length = 0;
  await page.goto(form.path);
  await expect(page.getByRole('heading', { level: 1, name: form.title })).toBeVisible();
}

/**
 * The form's controls, by accessible name: the asterisk is visual only, so the fields are announced as the spec
 * names them.
 */
function controls(page: Page, form: Form) {
  const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
  return {
    field,
    name: field('Name'),
    phone: field('Phone Number'),
    preferred: field(form.preferred),
    message: field('Message (Optional)'),
    submit: page.getByRole('button', { name: form.submit, exact: true }),
  };
}

// One page walks each form's states, in two tests of about the same length; each step opens the form afresh and
// uses up every reply it scripts.
for (const form of forms) {
  test(`${form.title}: labels its fields and asks for a name and phone number before sending anything`, async ({
    page,
    webhook,
  }) => {
    const { field, name, phone, preferred, message, submit } = controls(page, form);

    await test.step('labels every field as the spec does and suits a phone keyboard', async () => {
      await openForm(page, webhook, form);
      await expect(page.locator('label')).toHaveText([
        'Name *',
        'Phone Number *',
        form.preferred,
        'Message (Optional)',
      ]);
      await expect(name).toHaveAttribute('required');
      await expect(name).toHaveAttribute('autocomplete', 'name');
      await expect(phone).toHaveAttribute('required');
      await expect(phone).toHaveAttribute('type', 'tel');
      await expect(phone).toHaveAttribute('autocomplete', 'tel');
      await expect(phone).toHaveAttribute('placeholder', '+91 or 10 digits');
      await expect(preferred).not.toHaveAttribute('required');
      await expect(message).not.toHaveAttribute('required');
    });

    await test.step('asks for a name and phone number when either is blank after trimming', async () => {
      await openForm(page, webhook, form);
      const cases = [
        { nameText: '', phoneText: '', focused: 'Name' },
        { nameText: '   ', phoneText: '9876543210', focused: 'Name' },
        { nameText: 'Asha', phoneText: '  ', focused: 'Phone Number' },
      ];
      for (const { nameText, phoneText, focused } of cases) {
        await page.reload();
        await waitForApp(page);
        await name.fill(nameText);
        await phone.fill(phoneText);
        await submit.click();
        await expect(toasts(page).getByText('Name and phone number are required')).toBeVisible();
        await expect(field(focused)).toBeFocused();
      }
      expect(webhook.requests).toHaveLength(0);
    });
  });

  test(`${form.title}: sends the request, shows the answer, and shows a refusal keeping what was typed`, async ({
    page,
    webhook,
  }) => {
    const { name, phone, preferred, message, submit } = controls(page, form);

    await test.step("sends the exact envelope with trimmed texts and shows the server's message", async () => {
      await openForm(page, webhook, form);
      const answer = webhook.hold({ status: 200, body: { Message: 'We will call you on Monday at 10:00.' } });
      await name.fill('  Asha Rao ');
      await phone.fill(' +91 98765 43210 ');
      await preferred.fill('  Weekday evenings ');
      await message.fill('\n My son is 7. \n');
      const before = Date.now();
      await submit.click();

      const request = await answer.arrived;
      const after = Date.now();
      await expect(submit).toBeDisabled();
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
      // Stamped between the tap and its arrival, however long a loaded machine took over either.
      const sentAt = Date.parse((request?.body as { timestamp_ist: string }).timestamp_ist);
      expect(sentAt).toBeGreaterThanOrEqual(before);
      expect(sentAt).toBeLessThanOrEqual(after);

      const panel = page.getByRole('status').filter({ hasText: 'Success!' });
      await expect(panel).toContainText('We will call you on Monday at 10:00.');
      await expect(toasts(page).getByText('Request submitted!')).toBeVisible();
      await expect(submit).toHaveCount(0);

      await panel.getByRole('link', { name: 'Back to Options' }).click();
      await expect(page).toHaveURL(/\/new-to-thrive$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Thrive!' })).toBeVisible();
    });

    await test.step('leaves out empty optional fields and shows the default text when the server says nothing', async () => {
      await openForm(page, webhook, form);
      webhook.reply({ status: 200, body: '' });
      await name.fill('Ravi');
      await phone.fill('9876543210');
      await preferred.fill('   ');
      await submit.click();

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

    await test.step('shows the server error, keeps what was typed and lets the visitor try again', async () => {
      await openForm(page, webhook, form);
      webhook.reply({ status: 422, body: 'The calendar is full this week' });
      webhook.reply({ status: 200, body: 'Thanks, see you soon' });
      await name.fill('Asha');
      await phone.fill('9876543210');
      await preferred.fill('Mornings');
      await message.fill('Hello');
      await submit.click();

      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Error');
      await expect(alert).toContainText('The calendar is full this week');
      await expect(toasts(page).getByText('Failed to submit request')).toBeVisible();
      await expect(name).toHaveValue('Asha');
      await expect(phone).toHaveValue('9876543210');
      await expect(preferred).toHaveValue('Mornings');
      await expect(message).toHaveValue('Hello');
      await expect(submit).toBeEnabled();

      await submit.click();
      await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText('Thanks, see you soon');
      await expect(alert).toHaveCount(0);
      const requests = await webhook.waitForRequests(2);
      expect(requests[1]?.body).toMatchObject({ preferred_times: 'Mornings', message: 'Hello' });
    });

    await test.step('shows the generic error text when a refusal has an empty body', async () => {
      await openForm(page, webhook, form);
      webhook.reply({ status: 409, body: '' });
      await name.fill('Asha');
      await phone.fill('9876543210');
      await submit.click();

      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Error');
      await expect(alert).toContainText('Failed to submit request');
      await expect(toasts(page).getByText('Failed to submit request')).toBeVisible();
    });

    // The keyboard journey on one of the two forms, the consultation's.
    if (form.action === 'book_consult') {
      await test.step('a visitor can book a consultation with the keyboard alone', async () => {
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
    }
  });
}
