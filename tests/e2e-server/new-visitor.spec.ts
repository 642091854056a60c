import { expect, test } from './fixtures.ts';
import { answerText } from '../../server/contract/texts.ts';
import { hindi } from '../../src/app/hindi.ts';
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

test("a Hindi page shows the server's answers in Hindi: a refusal, then the success", async ({ page, portal }) => {
  const t = hindi.visitor;
  const ids = recordRequestIds(page);
  await page.goto('/hi/new-to-thrive/book-consult');
  await page.getByRole('textbox', { name: t.form.name, exact: true }).fill('रवि कुमार');
  // The visitor forms check no phone format, as the spec has them: the server's rule refuses it.
  await page.getByRole('textbox', { name: t.form.phone, exact: true }).fill('12345');
  await page.getByRole('textbox', { name: t.bookConsult.preferred }).fill('शाम');
  await page.getByRole('button', { name: t.bookConsult.submit }).click();
  await expect(page.getByRole('alert').filter({ hasText: answerText('hi', 'invalidPhone') })).toBeVisible();

  await page.getByRole('textbox', { name: t.form.phone, exact: true }).fill('9123456780');
  await page.getByRole('button', { name: t.bookConsult.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: hindi.ui.successTitle })).toContainText(
    answerText('hi', 'consultSavedPreferred', { name: 'रवि कुमार', number: '9123456780', preferred: 'शाम' }),
  );
  const stored = Object.keys(storedCounts(portal, ids)).map((id) =>
    portal.query<{ language: string }>('SELECT language FROM requests WHERE request_id = ?', id),
  );
  expect(stored).toEqual([[{ language: 'hi' }]]);
});
