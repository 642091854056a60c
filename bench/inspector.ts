/**
 * `npm run bench -- inspector` (benchmark, not a test): what a driver's inspector costs the page it measures, the
 * reason `npm run bench -- start` measures starts with no inspector in the page (perf/bare-chromium.ts).
 *
 * A copy of the production build whose React DOM chunk marks its first and last statement (performance.mark), opened
 * cold on the sign-in page in Debian Chromium at 1x and 4x CPU: with nothing attached to the page's JavaScript, and
 * with the DevTools protocol's Runtime domain on, as Playwright, Lighthouse and DevTools have it. Prints the median
 * time to evaluate the chunk, React DOM's initialisation included (src/app/start/react-dom-client.ts).
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '../src/config/paths.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { BareChromium, reportExpression } from './perf/bare-chromium.ts';
import { startPortal } from './perf/browser.ts';
import { buildApp } from './perf/bundle.ts';
import { formatMs, median, runsFrom } from './perf/figures.ts';
import { PHONE_SCREEN } from './perf/routes.ts';

const OUT_DIR = '.out/inspector/dist';
const MARKED_DIR = '.out/inspector/marked';
const RUNS = runsFrom(process.env, 'START_RUNS', 5);
const REPORT = 'thrive-bench evaluated ';

if (!ensureChromium()) process.exit(1);
const { outDir } = await buildApp(OUT_DIR);
rmSync(MARKED_DIR, { recursive: true, force: true });
cpSync(outDir, MARKED_DIR, { recursive: true });
const assets = join(MARKED_DIR, 'assets');
const chunk = readdirSync(assets).find((name) => /^react-dom-.*\.js$/.test(name));
if (!chunk) throw new Error('no react-dom chunk in the build');
// Import declarations are hoisted: a statement before them still runs first. The mark's own cost is the same in both.
writeFileSync(
  join(assets, chunk),
  `performance.mark('chunk-start');${readFileSync(join(assets, chunk), 'utf8')};performance.mark('chunk-end');`,
);
// Runs in the page before its own scripts: reports the measure once the page has loaded and had a moment.
const report = `addEventListener('load', () => setTimeout(() => {
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
  const ms = at('chunk-end') - at('chunk-start');
  ${reportExpression(`${JSON.stringify(REPORT)} + ms`)};
}, 1000))`;

const server = await startPortal(MARKED_DIR);
const bare = await BareChromium.launch();
try {
  console.log(`React DOM's chunk evaluated on a cold ${paths.signIn}, median of ${RUNS} runs`);
  for (const cpuSlowdown of [1, 4]) {
    for (const inspector of [false, true]) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const text = await bare.openAndReport(`${server.url}${paths.signIn}`, {
          initScripts: [report],
          reportPrefix: REPORT,
          cpuSlowdown,
          viewport: PHONE_SCREEN,
          installed: false,
          inspector,
        });
        times.push(Number(text));
      }
      const label = `${cpuSlowdown}x CPU, ${inspector ? 'Runtime domain on (as Playwright)' : 'no inspector'}`;
      console.log(`  ${label.padEnd(44)} ${formatMs(median(times))} (${times.map((ms) => ms.toFixed(1)).join(', ')})`);
    }
  }
} finally {
  await bare.close();
  await server.close();
}
