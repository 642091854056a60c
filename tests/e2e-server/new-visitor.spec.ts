import { expect, test } from './fixtures.ts';
import { recordRequestIds, storedCounts } from '../support/stored-requests.ts';

for (const form of [
  {
    path: '/new-to-thrive/book-consult',
    preferred: 'Preferred Days/Times (Optional)',
    submit: 'Book Consultation',
    what: 'consultation request',
    action: 'book_consult',
  },
  {
    path: '/new-to-thrive/schedule-call',
    preferred: 'Preferred Times (Optional)',
    submit: 'Schedule Call',
    what: 'call request',
    action: 'schedule_call',
  },
]) {
  test(`a new visitor sends a ${form.what} and it is stored once with every field`, async ({ page, portal }) => {
    const ids = recordRequestIds(page);
    await page.goto(form.path);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ravi Kumar');
    await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('9123456780');
    await page.getByRole('textbox', { name: form.preferred }).fill('Weekday evenings');
    await page.getByRole('textbox', { name: 'Message (Optional)' }).fill('My son is 7');
    await page.getByRole('button', { name: form.submit }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText(
      `Thank you, Ravi Kumar. Your ${form.what} is saved for the programme team. They will call you on 9123456780 (preferred: Weekday evenings).`,
    );
    expect(Object.values(storedCounts(portal, ids))).toEqual([1]);
    const [row] = portal.query<Record<string, string>>(
      'SELECT action, user_name, message, preferred_times, language FROM requests WHERE request_id = ?',
      ids[0],
    );
    expect(row).toEqual({
      action: form.action,
      user_name: 'Ravi Kumar',
      message: 'My son is 7',
      preferred_times: 'Weekday evenings',
      language: 'en',
    });
  });
}
