/**
 * `npm run bench`: builds the app into .out/bench/dist, serves it gzipped on
 * 127.0.0.1 and prints one line per figure: the landing route's gzip size,
 * the offline reopen time, the outbox replay, the base64 encode of a 10 MB
 * file with the longest main-thread task, the chat's re-encode of a
 * 12-megapixel photo with its longest main-thread task, the time from Send
 * Message to the Sent panel with and without the service worker, and the
 * reference server's throughput. A step that fails says why and the others still run; every
 * step has a time limit.
 */
import { spawnSync } from 'node:child_process';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { bundleForBrowser, encodeOnce, offlineReopenOnce, startPortal } from './perf/browser.ts';
import { buildApp, describeTotals } from './perf/bundle.ts';
import { forwardedLines, formatEncode, formatReopen, medianItem, type EncodeFigures } from './perf/figures.ts';

const OUT_DIR = '.out/bench/dist';
const ENCODER_MODULE = 'src/shared/webhook/attachments.ts';
const ENCODER_GLOBAL = 'ThriveBenchEncoder';
const OUTBOX_BENCH = 'bench/outbox.ts';
const SERVER_BENCH = 'bench/server.ts';
const PHOTO_BENCH = 'bench/photo.ts';
const FIRST_SEND_BENCH = 'bench/first-send.ts';
const REOPEN_RUNS = 5;
const ENCODE_RUNS = 3;
const CPU_SLOWDOWN = 4;
const FILE_BYTES = 10 * 1024 * 1024;
const HELPER_TIMEOUT_MS = 180_000;

const progress = (step: string) => console.error(`bench: ${step}…`);
let failed = false;

/** Runs another helper's bench script (tsx, in this process's Node) and keeps what it prints. */
function helperBench(label: string, script: string): string[] {
  progress(label);
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], {
    encoding: 'utf8',
    timeout: HELPER_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) failed = true;
  return forwardedLines(label, result.stdout ?? '', result.status);
}

async function offlineReopen(browser: Browser, url: string): Promise<string> {
  progress('offline reopen');
  const collect = async (slowdown: number) => {
    const runs: number[] = [];
    for (let run = 0; run < REOPEN_RUNS; run += 1) runs.push(await offlineReopenOnce(browser, url, slowdown));
    return runs;
  };
  const runsMs = await collect(1);
  return formatReopen({ runsMs, throttledRunsMs: await collect(CPU_SLOWDOWN), cpuSlowdown: CPU_SLOWDOWN });
}

async function encode(browser: Browser, url: string): Promise<string> {
  progress('base64 encode');
  const script = await bundleForBrowser(ENCODER_MODULE, ENCODER_GLOBAL);
  const medianRun = async (slowdown: number): Promise<EncodeFigures> => {
    const runs: EncodeFigures[] = [];
    for (let run = 0; run < ENCODE_RUNS; run += 1) {
      runs.push(await encodeOnce(browser, url, script, ENCODER_GLOBAL, FILE_BYTES, slowdown));
    }
    return medianItem(runs, (figures) => figures.ms);
  };
  return formatEncode(await medianRun(1), await medianRun(CPU_SLOWDOWN), CPU_SLOWDOWN);
}

if (!ensureChromium()) process.exit(1);
progress('build and landing size');
const { landing, outDir } = await buildApp(OUT_DIR);
const lines = [`landing route / (gzip -9): ${describeTotals(landing)}`];

const server = await startPortal(outDir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
/** A step that throws prints why, and the others still run. */
const step = async (label: string, measure: () => Promise<string>) =>
  measure().catch((error: unknown) => {
    failed = true;
    return `${label}: FAILED: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  });
try {
  lines.push(await step('offline reopen', () => offlineReopen(browser, `${server.url}/`)));
  lines.push(...helperBench('outbox replay', OUTBOX_BENCH));
  lines.push(await step('base64 encode', () => encode(browser, `${server.url}/`)));
} finally {
  await browser.close();
  await server.close();
}
lines.push(...helperBench('photo re-encode', PHOTO_BENCH));
lines.push(...helperBench('first send', FIRST_SEND_BENCH));
lines.push(...helperBench('reference server', SERVER_BENCH));

console.log(`\n${lines.join('\n')}`);
process.exit(failed ? 1 : 0);
