/**
 * `npm run audit`: Lighthouse (default mobile emulation: slow 4G, 4x CPU)
 * with Debian Chromium against the production build served gzipped on
 * 127.0.0.1, for the pages below. Prints one line per page with the four
 * category scores, FCP, LCP, TBT and CLS of the median of AUDIT_RUNS runs
 * (default 3), and whether the targets hold; exits non-zero when one does
 * not. Every run's full report lands in .out/audit/reports.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { paths } from '../src/config/paths.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { buildApp } from './perf/build-app.ts';
import { CATEGORIES, formatSummary, missedTargets, summarize, TARGETS } from './perf/lighthouse-summary.ts';
import { startPortal } from './perf/portal.ts';

const OUT_DIR = '.out/audit';
const PAGES = [paths.home, paths.signIn, paths.bookConsult];
// Lighthouse's own advice: one run is noisy, report the median of several.
const RUNS = Number(process.env.AUDIT_RUNS ?? 3);

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

let allHold = true;
try {
  console.log(
    `Lighthouse ${TARGETS.performance}+ performance, ${TARGETS.accessibility} accessibility, ` +
      `${TARGETS['best-practices']} best practices, LCP <= ${TARGETS.lcpMs / 1000} s; mobile, slow 4G, 4x CPU; ` +
      `median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page`,
  );
  for (const page of PAGES) {
    const slug = page === '/' ? 'home' : page.slice(1).replaceAll('/', '_');
    const runs: Result[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const result = await lighthouse(`${server.url}${page}`, {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      writeFileSync(`${OUT_DIR}/reports/${slug}-${run}.html`, String(result.report));
      writeFileSync(`${OUT_DIR}/reports/${slug}-${run}.json`, JSON.stringify(result.lhr));
      runs.push(result.lhr);
    }
    const failure = runs.find((lhr) => lhr.runtimeError)?.runtimeError;
    if (failure) {
      console.log(`${page}: Lighthouse failed: ${failure.code} ${failure.message}`);
      allHold = false;
      continue;
    }
    const summary = summarize(computeMedianRun(runs));
    console.log(formatSummary(page, summary));
    for (const loss of summary.losses) console.log(`    loses points: ${loss}`);
    allHold &&= missedTargets(summary).length === 0;
  }
} finally {
  chrome.kill();
  await server.close();
}
console.log(allHold ? 'All targets hold.' : 'Some targets do not hold (see above).');
process.exit(allHold ? 0 : 1);
