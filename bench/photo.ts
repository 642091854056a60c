/**
 * `npm run bench -- photo` (benchmark, not a test): how long the chat's data
 * saver takes to re-encode a 12-megapixel camera photo, and the longest task
 * it leaves on the main thread meanwhile (goal: under 50 ms). The
 * app's own module (src/features/conversation/compose/shrink-photo.ts and
 * its worker) is bundled by Vite and served on 127.0.0.1 to Debian Chromium;
 * the photo is made in the page (noise over gradients, JPEG at 0.92, so it
 * compresses like a photo), then timed with the page's own clock and the
 * Long Tasks API, as it is and with Chromium's CPU slowdown (which shows
 * whether the main thread stays free on a slow phone). Prints one line per
 * figure; `npm run bench` can forward them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { ensureChromium } from './ensure-chromium.ts';

const MODULE = 'src/features/conversation/compose/shrink-photo.ts';
const MODULE_URL = '/shrink-photo.js';
const WIDTH = 4000;
const HEIGHT = 3000;
const RUNS = 3;
const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

interface Run {
  ms: number;
  longTasksMs: number[];
  originalBytes: number;
  sentBytes: number;
  width: number;
  height: number;
}

/** The module and its worker as the app's build makes them, keyed by the path the page asks for. */
async function bundle(): Promise<Map<string, string>> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: resolve(MODULE), formats: ['es'], fileName: 'shrink-photo' },
    },
  });
  const files = new Map<string, string>();
  for (const output of Array.isArray(result) ? result : [result]) {
    if (!('output' in output)) continue;
    for (const item of output.output)
      files.set(`/${item.fileName}`, item.type === 'chunk' ? item.code : String(item.source));
  }
  return files;
}

async function serve(files: Map<string, string>) {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const script = files.get(path);
    if (script !== undefined) response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    else if (path === '/')
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>bench</title>');
    else response.writeHead(404).end();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function measure(browser: Browser, url: string, cpuSlowdown: number): Promise<Run[]> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate(
      async ({ width, height }) => {
        const canvas = new OffscreenCanvas(width, height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        const image = context.createImageData(width, height);
        let seed = 7;
        for (let at = 0; at < image.data.length; at += 4) {
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          const noise = (seed >> 16) % 48;
          const x = (at / 4) % width;
          image.data[at] = 40 + (x * 160) / width + noise;
          image.data[at + 1] = 90 + ((at / 4 / width) * 120) / height + noise;
          image.data[at + 2] = 150 + noise;
          image.data[at + 3] = 255;
        }
        context.putImageData(image, 0, 0);
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
        (window as unknown as { photo: File }).photo = new File([blob], 'camera.jpg', { type: 'image/jpeg' });
      },
      { width: WIDTH, height: HEIGHT },
    );
    if (cpuSlowdown > 1) {
      const session = await context.newCDPSession(page);
      await session.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(
        await page.evaluate(async (moduleUrl) => {
          type Module = { shrinkPhoto(file: File): Promise<File | undefined> };
          const { shrinkPhoto } = (await import(moduleUrl)) as Module;
          const photo = (window as unknown as { photo: File }).photo;
          // Let the page settle, so loading the module is not counted.
          await new Promise((resolve) => setTimeout(resolve, 300));
          const longTasksMs: number[] = [];
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) longTasksMs.push(entry.duration);
          });
          observer.observe({ type: 'longtask' });
          const started = performance.now();
          const smaller = await shrinkPhoto(photo);
          const ms = performance.now() - started;
          // Long-task entries arrive after their task ends: give the last one time to come.
          await new Promise((resolve) => setTimeout(resolve, 300));
          observer.disconnect();
          if (!smaller) throw new Error('the photo was not re-encoded');
          const bitmap = await createImageBitmap(smaller);
          const { width, height } = bitmap;
          bitmap.close();
          return { ms, longTasksMs, originalBytes: photo.size, sentBytes: smaller.size, width, height };
        }, MODULE_URL),
      );
    }
    return runs;
  } finally {
    await context.close();
  }
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

function describe(runs: Run[], label: string): string {
  const times = runs.map((run) => Math.round(run.ms));
  const sorted = [...times].sort((a, b) => a - b);
  const longest = Math.max(0, ...runs.flatMap((run) => run.longTasksMs));
  const task =
    longest === 0 ? 'no main-thread task of 50 ms or more' : `longest main-thread task ${Math.round(longest)} ms`;
  const goal = longest < 50 ? 'goal < 50 ms: met' : 'goal < 50 ms: MISSED';
  return `${label}: median ${sorted[Math.floor(sorted.length / 2)]} ms (runs ${times.join(', ')} ms; the first starts the worker), ${task} (${goal})`;
}

if (!ensureChromium()) process.exit(1);
const files = await bundle();
const server = await serve(files);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const plain = await measure(browser, server.url, 1);
  const slowed = await measure(browser, server.url, CPU_SLOWDOWN);
  const sample = plain[0];
  if (sample) {
    console.log(
      `photo re-encode (data saver), ${WIDTH}×${HEIGHT} JPEG of ${mb(sample.originalBytes)} → ` +
        `${sample.width}×${sample.height} JPEG of ${kb(sample.sentBytes)} (${(sample.originalBytes / sample.sentBytes).toFixed(1)}× smaller)`,
    );
  }
  console.log(describe(plain, 'photo re-encode time'));
  console.log(describe(slowed, `photo re-encode time at ${CPU_SLOWDOWN}x CPU slowdown`));
} finally {
  await browser.close();
  server.close();
}
