import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { sampleFile } from '../support/media-samples.ts';
import { openSignedIn } from '../support/registered-parent.ts';

async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
}

test.describe('registered-parent screens have no axe violations', () => {
  test('sign-in and menu', async ({ page }) => {
    await page.goto('/registered-parent');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await expectNoViolations(page);
    await openSignedIn(page, '/registered-parent/menu');
    await expect(page.getByRole('heading', { level: 1, name: /^Hello, / })).toBeVisible();
    await expectNoViolations(page);
  });

  test('schedule with a list and with an error', async ({ page, webhook }) => {
    webhook
      .reply({ body: { schedule: 'Monday: 4:00 PM with Ms. Rao\nNote this' } })
      .reply({ status: 500, body: 'Down' });
    await openSignedIn(page, '/registered-parent/schedule');
    await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
    await expect(page.getByRole('list', { name: 'Sessions this week' })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Refresh Schedule' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoViolations(page);
  });

  test('reschedule with a range picked, then its success panel', async ({ page, webhook }) => {
    webhook.reply({ body: 'Done' });
    await page.clock.setFixedTime(new Date('2026-11-23T10:00:00.000+05:30'));
    await openSignedIn(page, '/registered-parent/reschedule');
    await page
      .getByRole('grid')
      .getByRole('button', { name: /November 24th/ })
      .click();
    await page
      .getByRole('grid')
      .getByRole('button', { name: /November 26th/ })
      .click();
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByRole('button', { name: 'Submit Another Request' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('chat with files attached, then its success panel', async ({ page, webhook }) => {
    webhook.reply({ body: { message: 'Thanks', slackChannel: '#parents' } });
    await openSignedIn(page, '/registered-parent/chat');
    await page.getByLabel('Message', { exact: true }).fill('Hello');
    await page
      .getByLabel('Add Files')
      .setInputFiles([{ name: 'a.png', mimeType: 'image/png', buffer: sampleFile('image/png', 64) }]);
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Send Another Message' })).toBeVisible();
    await expectNoViolations(page);
  });
});
