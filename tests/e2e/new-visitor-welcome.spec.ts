import { expect, test } from './fixtures.ts';

test.describe('new-visitor welcome page', () => {
  test('offers three ways to get started, each with a short description', async ({ page }) => {
    await page.goto('/new-to-thrive');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Thrive!' })).toBeVisible();
    const cards = page.getByRole('main').getByRole('navigation').getByRole('link');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText('Book a consult');
    await expect(cards.nth(1)).toContainText('Schedule a call to chat');
    await expect(cards.nth(2)).toContainText('Know more about Thrive');
    for (const card of await cards.all()) {
      // Every card says more than its title: the description tells a visitor what happens next.
      const [title = '', ...description] = (await card.innerText()).split('\n').filter((line) => line.trim());
      expect(title.length).toBeGreaterThan(0);
      expect(description.join(' ').length).toBeGreaterThan(10);
    }
  });

  const cards = [
    { card: 'Book a consult', url: /\/new-to-thrive\/book-consult$/, heading: 'Book a Consultation' },
    { card: 'Schedule a call to chat', url: /\/new-to-thrive\/schedule-call$/, heading: 'Schedule a Call' },
  ];
  for (const { card, url, heading } of cards) {
    test(`the '${card}' card opens the ${heading} form`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name: /I'm new to Thrive/ }).click();
      await page.getByRole('link', { name: new RegExp(`^${card}`) }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  test('the Home button returns to the landing page', async ({ page }) => {
    await page.goto('/new-to-thrive');
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thrive' })).toBeVisible();
  });

  test('works with the keyboard alone', async ({ page }) => {
    await page.goto('/new-to-thrive');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Thrive!' })).toBeFocused();
    // The heading takes focus on arrival, so the next Tab reaches the first card.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: /^Book a consult/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/new-to-thrive\/book-consult$/);
  });
});
