import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { IST_TIMESTAMP, UUID_V4 } from '../../../support/people.ts';
import { findToast, isDisabled, renderApp, toasts, type RenderedApp } from '../../../support/screen/render-app.tsx';
import { statuses } from '../../../support/screen/statuses.ts';

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

type Form = (typeof forms)[number];

/** sonner closes every toast after 5 s by itself: going well before then is what shows its cause took it down. */
const GOES_AT_ONCE = { timeout: 2_000 };

/** The form as a new tab opens it. */
async function openForm(form: Form): Promise<RenderedApp> {
  const app = renderApp(form.path);
  await screen.findByRole('heading', { level: 1, name: form.title });
  return app;
}

/** The form's controls, by accessible name: the asterisk is visual only, so the fields are announced as the spec names them. */
function controls(form: Form) {
  const field = (label: string) => screen.getByRole('textbox', { name: label });
  return {
    field,
    name: () => field('Name'),
    phone: () => field('Phone Number'),
    preferred: () => field(form.preferred),
    message: () => field('Message (Optional)'),
    submit: () => screen.getByRole('button', { name: form.submit }),
  };
}

const successPanel = () => screen.getAllByRole('status').find((status) => status.textContent.includes('Success!'));

describe.each(forms)('$title', (form) => {
  const { field, name, phone, preferred, message, submit } = controls(form);

  test('labels every field as the spec does and suits a phone keyboard', async () => {
    await openForm(form);
    const labels = [...document.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual(['Name *', 'Phone Number *', form.preferred, 'Message (Optional)']);
    expect(name().hasAttribute('required')).toBe(true);
    expect(name().getAttribute('autocomplete')).toBe('name');
    expect(phone().hasAttribute('required')).toBe(true);
    expect(phone().getAttribute('type')).toBe('tel');
    expect(phone().getAttribute('autocomplete')).toBe('tel');
    expect(phone().getAttribute('placeholder')).toBe('+91 or 10 digits');
    expect(preferred().hasAttribute('required')).toBe(false);
    expect(message().hasAttribute('required')).toBe(false);
  });

  test.each([
    { nameText: '', phoneText: '', focused: 'Name' },
    { nameText: '   ', phoneText: '9876543210', focused: 'Name' },
    { nameText: 'Asha', phoneText: '  ', focused: 'Phone Number' },
  ])(
    'asks for a name and phone number, and moves to the $focused field, given $nameText and $phoneText',
    async ({ nameText, phoneText, focused }) => {
      const app = await openForm(form);
      if (nameText) await app.user.type(name(), nameText);
      if (phoneText) await app.user.type(phone(), phoneText);
      await app.user.click(submit());
      await findToast('error', 'Name and phone number are required');
      expect(document.activeElement).toBe(field(focused));
      expect(app.webhook.requests).toHaveLength(0);
    },
  );

  test("sends the exact envelope with trimmed texts, shows the server's message, and leads back to the options", async () => {
    const app = await openForm(form);
    const answer = app.webhook.hold({ status: 200, body: { Message: 'We will call you on Monday at 10:00.' } });
    await app.user.type(name(), '  Asha Rao ');
    await app.user.type(phone(), ' +91 98765 43210 ');
    await app.user.type(preferred(), '  Weekday evenings ');
    await app.user.type(message(), '\n My son is 7. \n');
    const before = Date.now();
    await app.user.click(submit());

    const request = await answer.arrived;
    const after = Date.now();
    await waitFor(() => expect(isDisabled(submit())).toBe(true));
    answer.release();
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toStrictEqual({
      action: form.action,
      user: { name: 'Asha Rao', number: '+91 98765 43210' },
      payload: {},
      message: 'My son is 7.',
      preferred_times: 'Weekday evenings',
      language: 'en',
      timestamp_ist: expect.stringMatching(IST_TIMESTAMP),
      request_id: expect.stringMatching(UUID_V4),
    });
    // Stamped between the tap and its arrival.
    const sentAt = Date.parse((request.body as { timestamp_ist: string }).timestamp_ist);
    expect(sentAt).toBeGreaterThanOrEqual(before);
    expect(sentAt).toBeLessThanOrEqual(after);

    await findToast('success', 'Request submitted!');
    const panel = successPanel();
    expect(panel?.textContent).toContain('We will call you on Monday at 10:00.');
    expect(screen.queryByRole('button', { name: form.submit })).toBeNull();

    await app.user.click(within(panel as HTMLElement).getByRole('link', { name: 'Back to Options' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Thrive!' })).toBeTruthy();
    expect(app.path()).toBe('/new-to-thrive');
  });

  test('leaves out empty optional fields and shows the default text when the server says nothing', async () => {
    const app = await openForm(form);
    app.webhook.reply({ status: 200, body: '' });
    await app.user.type(name(), 'Ravi');
    await app.user.type(phone(), '9876543210');
    await app.user.type(preferred(), '   ');
    await app.user.click(submit());

    await findToast('success', 'Request submitted!');
    expect(successPanel()?.textContent).toContain(form.defaultSuccess);
    const [request] = app.webhook.requests;
    expect(Object.keys(request?.body as object).sort()).toEqual([
      'action',
      'language',
      'payload',
      'request_id',
      'timestamp_ist',
      'user',
    ]);
    expect(request?.body).toMatchObject({ action: form.action, user: { name: 'Ravi', number: '9876543210' } });
  });

  test("shows the server's refusal, keeps what was typed, and on a retry's success nothing of the refusal stays", async () => {
    const app = await openForm(form);
    app.webhook.reply({ status: 422, body: 'The calendar is full this week' });
    app.webhook.reply({ status: 200, body: 'Thanks, see you soon' });
    await app.user.type(name(), 'Asha');
    await app.user.type(phone(), '9876543210');
    await app.user.type(preferred(), 'Mornings');
    await app.user.type(message(), 'Hello');
    await app.user.click(submit());

    const failed = await findToast('error', 'Failed to submit request');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Error');
    expect(alert.textContent).toContain('The calendar is full this week');
    expect([name(), phone(), preferred(), message()].map((control) => (control as HTMLInputElement).value)).toEqual([
      'Asha',
      '9876543210',
      'Mornings',
      'Hello',
    ]);
    expect(isDisabled(submit())).toBe(false);

    await app.user.click(submit());
    await findToast('success', 'Request submitted!');
    expect(successPanel()?.textContent).toContain('Thanks, see you soon');
    expect(screen.queryByRole('alert')).toBeNull();
    // The refusal's toast does not peek out under the success: its cause is over.
    await waitFor(() => expect(failed.isConnected).toBe(false), GOES_AT_ONCE);
    expect(within(await toasts()).queryByText('Failed to submit request')).toBeNull();
    expect(statuses()).toEqual([expect.stringMatching(/^Success!/), expect.stringMatching(/^Request submitted!/)]);
    expect(app.webhook.requests[1]?.body).toMatchObject({ preferred_times: 'Mornings', message: 'Hello' });
  });

  test('shows the generic error text when a refusal has an empty body', async () => {
    const app = await openForm(form);
    app.webhook.reply({ status: 409, body: '' });
    await app.user.type(name(), 'Asha');
    await app.user.type(phone(), '9876543210');
    await app.user.click(submit());

    await findToast('error', 'Failed to submit request');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Error');
    expect(alert.textContent).toContain('Failed to submit request');
  });
});
