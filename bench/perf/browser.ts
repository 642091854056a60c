/**
 * The browser half of the measurements, on a 127.0.0.1 origin served by the
 * reference server itself (compression, caching and security headers as
 * `npm start` has them), in Debian Chromium through Playwright: how fast the
 * installed app reopens with no network, and how long the shared encoder
 * takes to base64 a 10 MB file while keeping the main thread free. Times come
 * from the page's own clock, not Playwright's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { build } from 'vite';
import { loadConfig } from '../../server/config.ts';
import { createPortalServer } from '../../server/server.ts';
import type { EncodeFigures } from './figures.ts';

/** The build served by the reference server; its database lives in a temporary folder close() removes, and the rate
 * limit is off so measuring never trips it. */
export interface RunningPortal {
  url: string;
  close(): Promise<void>;
}

export async function startPortal(distDir: string): Promise<RunningPortal> {
  const dataDir = await mkdtemp(join(tmpdir(), 'thrive-perf-'));
  const config = loadConfig({
    DIST_DIR: resolve(distDir),
    DATABASE_PATH: join(dataDir, 'portal.db'),
    PORT: '0',
    HOST: '127.0.0.1',
    // A benchmark sends one parent's requests far faster than a person: neither limit may slow it.
    RATE_LIMIT_MAX: '0',
    RATE_LIMIT_PER_NUMBER_MAX: '0',
  });
  const server = await createPortalServer(config);
  try {
    await server.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const CONTROL_TIMEOUT_MS = 20_000;
const PAINT_TIMEOUT_MS = 10_000;

type BenchWindow = Window & { __firstH1Ms?: number };

/** Runs before any page script: notes when the first h1 is in the DOM and the frame showing it has painted. */
function recordFirstH1(): void {
  const page = window as BenchWindow;
  new MutationObserver((_changes, observer) => {
    if (!document.querySelector('h1')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (page.__firstH1Ms ??= performance.now()), 0));
  }).observe(document, { childList: true, subtree: true });
}

async function slowCpu(context: BrowserContext, page: Page, rate: number): Promise<void> {
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Resolves once the service worker controls the page. */
async function waitForControl(page: Page): Promise<void> {
  const options = { timeout: CONTROL_TIMEOUT_MS };
  await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), null, options);
  // A worker that does not claim open pages controls them from the next load on.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, options);
}

/** One offline reopen in a fresh profile: install online, cut the network, reload, time navigation → first h1 painted. */
export async function offlineReopenOnce(browser: Browser, url: string, cpuSlowdown = 1): Promise<number> {
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript(recordFirstH1);
    const page = await context.newPage();
    await page.goto(url);
    await waitForControl(page);
    if (cpuSlowdown > 1) await slowCpu(context, page, cpuSlowdown);
    await context.setOffline(true);
    await page.reload({ waitUntil: 'commit' });
    const painted = await page.waitForFunction(() => (window as BenchWindow).__firstH1Ms, null, {
      timeout: PAINT_TIMEOUT_MS,
    });
    const ms = await painted.jsonValue();
    if (ms === undefined) throw new Error('the first heading was never painted');
    return ms;
  } finally {
    await context.close();
  }
}

/**
 * Loads `encoderScript` (an IIFE exposing `globalName.blobToBase64`) into the
 * app's own origin and encodes a `bytes`-byte file, watching for long tasks.
 */
export async function encodeOnce(
  browser: Browser,
  url: string,
  encoderScript: string,
  globalName: string,
  bytes: number,
  cpuSlowdown = 1,
): Promise<EncodeFigures> {
  // The encoder goes in as an inline script, which the portal's CSP rightly refuses: lift it for this page only.
  const context = await browser.newContext({ ...PHONE, bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.addScriptTag({ content: encoderScript });
    if (cpuSlowdown > 1) await slowCpu(context, page, cpuSlowdown);
    const result = await page.evaluate(
      async ({ globalName, bytes }) => {
        type Encoder = { blobToBase64(blob: Blob): Promise<string> };
        const encoder = (window as unknown as Record<string, Encoder | undefined>)[globalName];
        if (!encoder) throw new Error(`${globalName} is not loaded`);
        const data = new Uint8Array(bytes);
        // Random bytes, like a video: getRandomValues fills at most 64 KiB a call.
        for (let offset = 0; offset < bytes; offset += 65_536)
          crypto.getRandomValues(data.subarray(offset, offset + 65_536));
        const file = new File([data], 'clip.mp4', { type: 'video/mp4' });
        // Let the page settle after filling the buffer, so that work is not counted.
        await new Promise((resolve) => setTimeout(resolve, 200));
        const longTasksMs: number[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longTasksMs.push(entry.duration);
        });
        observer.observe({ type: 'longtask' });
        const started = performance.now();
        const content = await encoder.blobToBase64(file);
        const ms = performance.now() - started;
        // Long-task entries are delivered after the task ends: give the last one time to arrive.
        await new Promise((resolve) => setTimeout(resolve, 200));
        observer.disconnect();
        return { ms, longTasksMs, encodedLength: content.length };
      },
      { globalName, bytes },
    );
    return { bytes, ...result };
  } finally {
    await context.close();
  }
}

/**
 * Bundles one source module into a minified IIFE that assigns its exports to
 * `window[globalName]`, so a benchmark can run the app's own code in a page
 * of the app's origin without the app exposing anything for it.
 */
export async function bundleForBrowser(entry: string, globalName: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: resolve(entry), formats: ['iife'], name: globalName, fileName: 'bench-module' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const output of outputs) {
    if (!('output' in output)) continue;
    const chunk = output.output.find((item) => item.type === 'chunk');
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error(`Bundling ${entry} produced no code`);
}
