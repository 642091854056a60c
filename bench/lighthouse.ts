/**
 * `npm run bench -- lighthouse`: Lighthouse (default mobile emulation: slow 4G, 4x CPU)
 * with Debian Chromium against the production build, served by the reference
 * server on 127.0.0.1, for the pages below and a plain page (a heading and a
 * paragraph, no script) served the same way, audited in turn within each run
 * so the machine's load falls on all of them alike. Prints one line per page
 * with the four category scores, FCP, LCP, TBT and CLS of the median of
 * AUDIT_RUNS runs (default 3), the LCP as a multiple of the plain page's (the
 * floor on this network model), and whether the targets hold; exits non-zero
 * when one does not. The chat screen is audited with a parent signed in in
 * that tab, as after sign-in; the menu with none, as a new tab, a shared link
 * or the installed app opens it. Every run's full report lands in .out/audit/reports.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { paths } from '../src/config/paths.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { startPortal } from './perf/browser.ts';
import { PLAIN_PATH, writePlainPage } from './perf/plain-page.ts';
import { buildApp } from './perf/bundle.ts';
import { AUDITED_ROUTES, signedInScript } from './perf/routes.ts';
import {
  CATEGORIES,
  describeTargets,
  formatSummary,
  formatTableRow,
  LCP_RATIO_TABLE_HEAD,
  machineLoad,
  missedTargets,
  runsFrom,
  summarize,
  type PageSummary,
} from './perf/figures.ts';

const OUT_DIR = '.out/audit';
// Lighthouse's own advice: one run is noisy, report the median of several.
const RUNS = runsFrom(process.env, 'AUDIT_RUNS', 3);

/** One Lighthouse run in a tab of its own; `signedIn` puts the parent in that tab's sessionStorage first. */
async function audit(browser: Browser, url: string, signedIn: boolean): Promise<{ lhr: Result; report: string }> {
  const page = await browser.newPage();
  try {
    if (signedIn) {
      // A text file sets the origin without running the app: nothing of it is cached before the measured load.
      await page.goto(new URL('/robots.txt', url).href);
      await page.evaluate(signedInScript());
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

if (!ensureChromium()) process.exit(1);
await buildApp(`${OUT_DIR}/dist`);
writePlainPage(`${OUT_DIR}/dist`);
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
  console.log(
    `${describeTargets()}; mobile, slow 4G, 4x CPU; median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page; ${machineLoad()}`,
  );
  const audited = [{ path: PLAIN_PATH }, ...AUDITED_ROUTES];
  const runs = new Map<string, Result[]>(audited.map(({ path }) => [path, []]));
  // Run by run, every page in turn: a busy spell on the shared machine slows the plain page as much as the others.
  for (let run = 1; run <= RUNS; run += 1) {
    for (const { path, signedIn = false } of audited) {
      const slug = path === '/' ? 'home' : path.slice(1).replaceAll('/', '_');
      // Lighthouse itself sometimes fails to record a trace (NO_NAVSTART on a busy machine): once more, then give up.
      let { lhr, report } = await audit(browser, `${server.url}${path}`, signedIn);
      if (lhr.runtimeError) ({ lhr, report } = await audit(browser, `${server.url}${path}`, signedIn));
      writeFileSync(`${OUT_DIR}/reports/${slug}-${run}.html`, report);
      writeFileSync(`${OUT_DIR}/reports/${slug}-${run}.json`, JSON.stringify(lhr));
      runs.get(path)?.push(lhr);
    }
  }
  const summaries = new Map<string, PageSummary>();
  for (const { path } of audited) {
    const results = runs.get(path) ?? [];
    const failure = results.find((lhr) => lhr.runtimeError)?.runtimeError;
    if (failure) {
      console.log(`${path}: Lighthouse failed: ${failure.code} ${failure.message}`);
      allHold = false;
      continue;
    }
    summaries.set(path, summarize(computeMedianRun(results)));
  }
  const plainLcpMs = summaries.get(PLAIN_PATH)?.lcpMs ?? null;
  const plain = summaries.get(PLAIN_PATH);
  if (plain) console.log(formatSummary('plain page (no script)', plain, null, { judged: false }));
  for (const { path, signedIn = false } of AUDITED_ROUTES) {
    const summary = summaries.get(path);
    if (!summary) continue;
    const label = path === paths.menu && !signedIn ? `${path} (no session)` : path;
    console.log(formatSummary(label, summary, plainLcpMs));
    for (const loss of summary.losses) console.log(`    loses points: ${loss}`);
    allHold &&= missedTargets(summary, plainLcpMs).length === 0;
  }
  console.log(`\n${LCP_RATIO_TABLE_HEAD}`);
  for (const { path, signedIn = false } of audited) {
    const summary = summaries.get(path);
    const label = path === PLAIN_PATH ? 'plain page' : path === paths.menu && !signedIn ? `${path}, no session` : path;
    if (summary) console.log(formatTableRow(label, summary, plainLcpMs));
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  await server.close();
}
console.log(`${allHold ? 'All targets hold.' : 'Some targets do not hold (see above).'} Done; ${machineLoad()}.`);
process.exit(allHold ? 0 : 1);
