import { expect, test } from './fixtures.ts';

// The two forms' states and rules, in both languages, are the screen tests' (tests/unit/features/visitor); the
// browser keeps what needs a page: the form opened by its address and sent with the keyboard alone.
test('a visitor opens Book a Consultation by its address and books it with the keyboard alone', async ({
  page,
  webhook,
}) => {
  webhook.reply({ status: 200, body: '' });
  await page.goto('/new-to-thrive/book-consult');
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Consultation' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Asha');
  await page.keyboard.press('Tab');
  await page.keyboard.type('9876543210');
  // Enter in a field sends the form, as a browser sends any form.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText(
    'Your consultation request has been submitted successfully!',
  );
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Back to Options' })).toBeFocused();
  const [request] = await webhook.waitForRequests(1);
  expect(request?.body).toMatchObject({ action: 'book_consult', user: { name: 'Asha', number: '9876543210' } });
});
