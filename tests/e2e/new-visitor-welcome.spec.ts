import { expect, test } from './fixtures.ts';

const cards = [
  { card: 'Book a consult', url: /\/new-to-thrive\/book-consult$/, heading: 'Book a Consultation' },
  { card: 'Schedule a call to chat', url: /\/new-to-thrive\/schedule-call$/, heading: 'Schedule a Call' },
];

// One page walks the welcome page's states; each step opens its address afresh, as a new tab would.
test('new-visitor welcome page: three ways to get started, each card, Home and the keyboard', async ({ page }) => {
  await test.step('offers three ways to get started, each with a short description', async () => {
    await page.goto('/new-to-thrive');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Thrive!' })).toBeVisible();
    const links = page.getByRole('main').getByRole('navigation').getByRole('link');
    await expect(links).toHaveCount(3);
    await expect(links.nth(0)).toContainText('Book a consult');
    await expect(links.nth(1)).toContainText('Schedule a call to chat');
    await expect(links.nth(2)).toContainText('Know more about Thrive');
    for (const link of await links.all()) {
      // Every card says more than its title: the description tells a visitor what happens next.
      const [title = '', ...description] = (await link.innerText()).split('\n').filter((line) => line.trim());
      expect(title.length).toBeGreaterThan(0);
      expect(description.join(' ').length).toBeGreaterThan(10);
    }
  });

  for (const { card, url, heading } of cards) {
    await test.step(`the '${card}' card opens the ${heading} form`, async () => {
      await page.goto('/');
      await page.getByRole('link', { name: /I'm new to Thrive/ }).click();
      await page.getByRole('link', { name: new RegExp(`^${card}`) }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  await test.step('the Home button returns to the landing page', async () => {
    await page.goto('/new-to-thrive');
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thrive' })).toBeVisible();
  });

  await test.step('works with the keyboard alone', async () => {
    await page.goto('/new-to-thrive');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Thrive!' })).toBeFocused();
    // The heading takes focus on arrival, so the next Tab reaches the first card.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: /^Book a consult/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/new-to-thrive\/book-consult$/);
  });
});
