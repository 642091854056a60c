import { en } from '../../src/app/messages.ts';
import { expect, test } from './fixtures.ts';

// One page walks the landing page and the 404 page; each step opens its address afresh, as a new tab would.
test('the landing page leads on to both journeys, and an unknown path shows the 404 page', async ({ page }) => {
  await test.step('unknown paths › show the 404 page, log the path and lead home', async () => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto('/no/such/page?x=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Details not found' })).toBeVisible();
    // The page is prerendered: the app logs once it has hydrated it.
    await expect.poll(() => logged.some((line) => line.includes('/no/such/page'))).toBe(true);
    await expect(page.getByRole('contentinfo')).toContainText(en.poweredBy);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thrive' })).toBeVisible();
  });

  await test.step('landing page › shows the programme title, the tagline and the footer', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Thrive' })).toBeVisible();
    await expect(page.getByText('Parent support portal', { exact: true })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(/^Powered by \S/);
  });

  await test.step('landing page › the registered-parent card leads to the sign-in route', async () => {
    await page.goto('/');
    const card = page.getByRole('link', { name: /I'm a registered parent/ });
    await expect(card).toContainText('Access your schedule and connect with facilitators');
    await card.click();
    await expect(page).toHaveURL(/\/registered-parent$/);
  });

  await test.step('landing page › the new-visitor card leads to the welcome route', async () => {
    await page.goto('/');
    const card = page.getByRole('link', { name: /I'm new to Thrive/ });
    await expect(card).toContainText('Learn more and get started with us');
    await card.click();
    await expect(page).toHaveURL(/\/new-to-thrive$/);
  });
});
