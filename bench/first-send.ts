/**
 * Benchmark (not a test): the time from tapping 'Send Message' to the '✓ Sent!'
 * panel, median of 20, on the production build served by the reference server
 * on 127.0.0.1. Once through the service worker (the page stores the request,
 * the worker sends it and reports back over the outbox's channel), once with
 * no worker (the page sends it itself, the path of a first visit), and the
 * bare fetch of the same body for scale. Times come from the page's clock.
 *
 *   tsx bench/first-send.ts [dist]   (default: builds into .out/bench-first-send/dist)
 */
import { spawnSync } from 'node:child_process';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { SESSION_USER_KEY } from '../src/shared/session/session-user.ts';
import { startPortal } from './perf/browser.ts';

const RUNS = 20;
const PARENT = JSON.stringify({ name: 'Asha Verma', number: '9876543210' });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

type BenchWindow = Window & { __tapMs?: number; __sentMs?: number };

/** Runs before any page script: notes the tap on Send Message and the frame that first shows '✓ Sent!'. */
function recordTapToPanel(): void {
  const page = window as BenchWindow;
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest('button[type=submit]')) page.__tapMs = performance.now();
    },
    true,
  );
  new MutationObserver(() => {
    if (page.__sentMs !== undefined || page.__tapMs === undefined) return;
    const heading = [...document.querySelectorAll('h2')].find((h2) => h2.textContent === '✓ Sent!');
    if (heading) page.__sentMs = performance.now();
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function sendOnce(page: Page, index: number): Promise<number> {
  await page.evaluate(() => {
    const bench = window as BenchWindow;
    bench.__tapMs = undefined;
    bench.__sentMs = undefined;
  });
  await page.getByLabel('Message', { exact: true }).fill(`Bench message ${index}`);
  await page.getByRole('button', { name: 'Send Message' }).click();
  const done = await page.waitForFunction(() => {
    const bench = window as BenchWindow;
    return bench.__sentMs !== undefined && bench.__tapMs !== undefined ? bench.__sentMs - bench.__tapMs : undefined;
  });
  const ms = (await done.jsonValue()) ?? Number.NaN;
  await page.getByRole('button', { name: 'Send Another Message' }).click();
  return ms;
}

async function tapToPanel(browser: Browser, url: string, worker: boolean): Promise<number[]> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: worker ? 'allow' : 'block' });
  try {
    await context.addInitScript(recordTapToPanel);
    const page = await context.newPage();
    await page.goto(url);
    if (worker) await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [SESSION_USER_KEY, PARENT] as const);
    await page.goto(`${url}/registered-parent/chat`);
    // One unmeasured send warms the chunks, the worker and the server's statements.
    await sendOnce(page, 0);
    const runs: number[] = [];
    for (let index = 1; index <= RUNS; index += 1) runs.push(await sendOnce(page, index));
    return runs;
  } finally {
    await context.close();
  }
}

async function bareFetch(browser: Browser, url: string): Promise<number[]> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(url);
    return await page.evaluate(
      async ({ runs, parent }) => {
        const times: number[] = [];
        for (let index = 0; index <= runs; index += 1) {
          const body = JSON.stringify({
            action: 'chat_facilitator',
            user: JSON.parse(parent) as unknown,
            payload: { message: `Bare ${index}`, attachments: [] },
            timestamp_ist: new Date(Date.now() + 19_800_000).toISOString().replace('Z', '+05:30'),
            request_id: crypto.randomUUID(),
          });
          const started = performance.now();
          const response = await fetch('/api/webhook', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body,
          });
          await response.text();
          if (index > 0) times.push(performance.now() - started);
        }
        return times;
      },
      { runs: RUNS, parent: PARENT },
    );
  } finally {
    await context.close();
  }
}

const dist = process.argv[2] ?? '.out/bench-first-send/dist';
if (!process.argv[2]) {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(1);
}
const portal = await startPortal(dist);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const throughWorker = median(await tapToPanel(browser, portal.url, true));
  const fromPage = median(await tapToPanel(browser, portal.url, false));
  const bare = median(await bareFetch(browser, portal.url));
  const added = throughWorker - fromPage;
  console.log(
    `first send, tap to '✓ Sent!' (median of ${RUNS}): through the worker ${throughWorker.toFixed(1)} ms, ` +
      `page alone ${fromPage.toFixed(1)} ms (bare fetch ${bare.toFixed(1)} ms); the worker adds ${added.toFixed(1)} ms ` +
      `(target under 15 ms: ${added < 15 ? 'ok' : 'MISSED'})`,
  );
} finally {
  await browser.close();
  await portal.close();
}
