import { expect, test } from './fixtures.ts';
import { SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';
import { openSignedIn } from '../support/registered-parent.ts';

for (let i = 0; i < 10; i += 1) {
  test(`plain ${i}`, async ({ page }) => {
    await openSignedIn(page, '/registered-parent/menu');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
  test(`worker ${i}`, { tag: SERVICE_WORKER }, async ({ page }) => {
    await openSignedIn(page, '/registered-parent/menu');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForServiceWorkerControl(page);
  });
}
