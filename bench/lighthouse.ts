/**
 * `npm run bench -- lighthouse`: Lighthouse (default mobile emulation: slow 4G, 4x CPU)
 * with Debian Chromium against the production build, served by the reference
 * server on 127.0.0.1, for the pages below. Prints one line per page with the
 * four category scores, FCP, LCP, TBT and CLS of the median of AUDIT_RUNS runs
 * (default 3), and whether issue 13's targets hold; exits non-zero when one
 * does not. The registered parent's screens are audited with a parent signed
 * in in that tab, as after sign-in (without one they lead to sign-in). Every
 * run's full report lands in .out/audit/reports.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { paths } from '../src/config/paths.ts';
import { SESSION_USER_KEY } from '../src/shared/session/session-user.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { startPortal } from './perf/browser.ts';
import { buildApp } from './perf/bundle.ts';
import { CATEGORIES, describeTargets, formatSummary, missedTargets, summarize } from './perf/figures.ts';

const OUT_DIR = '.out/audit';
const PAGES = [
  { path: paths.home },
  { path: paths.signIn },
  { path: paths.menu, signedIn: true },
  { path: paths.chat, signedIn: true },
  { path: paths.bookConsult },
];
/** The seeded demo parent (server/roster.seed.json). */
const PARENT = { name: 'Asha Verma', number: '9876543210' };
// Lighthouse's own advice: one run is noisy, report the median of several.
const RUNS = Number(process.env.AUDIT_RUNS ?? 3);

/** One Lighthouse run in a tab of its own; `signedIn` puts the parent in that tab's sessionStorage first. */
async function audit(browser: Browser, url: string, signedIn: boolean): Promise<{ lhr: Result; report: string }> {
  const page = await browser.newPage();
  try {
    if (signedIn) {
      // A text file sets the origin without running the app: nothing of it is cached before the measured load.
      await page.goto(new URL('/robots.txt', url).href);
      await page.evaluate((key, user) => sessionStorage.setItem(key, user), SESSION_USER_KEY, JSON.stringify(PARENT));
    }
    const result = await lighthouse(
      url,
      { output: 'html', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return { lhr: result.lhr, report: String(result.report) };
  } finally {
    await page.close();
  }
}

if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`AUDIT_RUNS must be a whole number from 1, not ${RUNS}`);
if (!ensureChromium()) process.exit(1);
await buildApp(`${OUT_DIR}/dist`);
rmSync(`${OUT_DIR}/reports`, { recursive: true, force: true });
mkdirSync(`${OUT_DIR}/reports`, { recursive: true });
const server = await startPortal(`${OUT_DIR}/dist`);
const chrome = await launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
  logLevel: 'silent',
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

let allHold = true;
try {
  console.log(`${describeTargets()}; mobile, slow 4G, 4x CPU; median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page`);
  for (const { path, signedIn = false } of PAGES) {
    const slug = path === '/' ? 'home' : path.slice(1).replaceAll('/', '_');
    const runs: Result[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      // Lighthouse itself sometimes fails to record a trace (NO_NAVSTART on a busy machine): once more, then give up.
      let { lhr, report } = await audit(browser, `${server.url}${path}`, signedIn);
      if (lhr.runtimeError) ({ lhr, report } = await audit(browser, `${server.url}${path}`, signedIn));
      writeFileSync(`${OUT_DIR}/reports/${slug}-${run}.html`, report);
      writeFileSync(`${OUT_DIR}/reports/${slug}-${run}.json`, JSON.stringify(lhr));
      runs.push(lhr);
    }
    const failure = runs.find((lhr) => lhr.runtimeError)?.runtimeError;
    if (failure) {
      console.log(`${path}: Lighthouse failed: ${failure.code} ${failure.message}`);
      allHold = false;
      continue;
    }
    const summary = summarize(computeMedianRun(runs));
    console.log(formatSummary(path, summary));
    for (const loss of summary.losses) console.log(`    loses points: ${loss}`);
    allHold &&= missedTargets(summary).length === 0;
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  await server.close();
}
console.log(allHold ? 'All targets hold.' : 'Some targets do not hold (see above).');
process.exit(allHold ? 0 : 1);
