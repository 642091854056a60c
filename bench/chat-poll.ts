/**
 * Benchmark (not a test): how many `chat_thread` requests an hour with the
 * chat screen open makes, with push off (the 30 s poll) and on (fetch on
 * open, then only on a push, foreground or reconnect). The page's clock runs
 * the hour; the webhook is answered in the page (page.route), so only the
 * count matters. Target with push on: at most 4 (one poll per open phone
 * every 30 s fills two n8n cores at about 400 phones).
 *
 *   tsx bench/chat-poll.ts [dist]   (default: builds into .out/bench-chat-poll/dist)
 */
import { spawnSync } from 'node:child_process';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { SESSION_USER_KEY } from '../src/shared/session/session-user.ts';
import { startPortal } from './perf/browser.ts';

const HOUR_MS = 60 * 60 * 1000;
const STEP_MS = 30_000;
const PARENT = JSON.stringify({ name: 'Asha Verma', number: '9876543210' });
const TOKEN = 'tok-bench-0123456789abcdefghijklmnopqrstuv';

async function hourOpen(browser: Browser, url: string, push: boolean): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    if (push) {
      await context.grantPermissions(['notifications']);
      // A subscription as the browser keeps one: what the chat screen checks to leave the poll off.
      await context.addInitScript(() => {
        PushManager.prototype.getSubscription = () => Promise.resolve({} as PushSubscription);
        ServiceWorkerContainer.prototype.getRegistration = () =>
          Promise.resolve({ pushManager: PushManager.prototype } as unknown as ServiceWorkerRegistration);
      });
    }
    let threadRequests = 0;
    await context.route('**/api/webhook', async (route) => {
      const { action } = route.request().postDataJSON() as { action: string };
      if (action === 'chat_thread') threadRequests += 1;
      const body =
        action === 'verify_code'
          ? { token: TOKEN, expires_at: '2027-02-21T10:00:00.000+05:30' }
          : action === 'chat_thread'
            ? { messages: [], cursor: '0', more: false }
            : { expires_at: '2026-11-23T10:10:00.000+05:30' };
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    });
    const page = await context.newPage();
    await page.clock.install({ time: new Date('2026-11-23T10:00:00.000+05:30') });
    await page.goto(url);
    await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [SESSION_USER_KEY, PARENT] as const);
    await page.goto(`${url}/registered-parent/chat`);
    await page.getByRole('button', { name: 'Send Me a Code' }).click();
    await page.getByRole('textbox', { name: '6-digit code' }).fill('123456');
    await page.getByRole('button', { name: 'Verify Phone' }).click();
    await page.getByText('No messages yet.', { exact: false }).waitFor();
    // Thirty seconds at a time, each fetch let finish: a whole hour at once would fire ticks faster than fetches end.
    for (let elapsed = 0; elapsed < HOUR_MS; elapsed += STEP_MS) {
      await page.clock.runFor(STEP_MS);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return threadRequests;
  } finally {
    await context.close();
  }
}

const dist = process.argv[2] ?? '.out/bench-chat-poll/dist';
if (!process.argv[2]) {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(1);
}
const portal = await startPortal(dist);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const polled = await hourOpen(browser, portal.url, false);
  const pushed = await hourOpen(browser, portal.url, true);
  console.log(
    `an hour with the chat screen open: ${polled} chat_thread requests with push off, ${pushed} with push on ` +
      `(target at most 4: ${pushed <= 4 ? 'ok' : 'MISSED'})`,
  );
} finally {
  await browser.close();
  await portal.close();
}
