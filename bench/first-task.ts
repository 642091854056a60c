/**
 * `npm run bench -- first-task` (benchmark, not a test): what a first visit's longest main-thread task is made of,
 * per audited route and for the plain page, at 4x CPU in Debian Chromium with no inspector in the page
 * (perf/bare-chromium.ts). Each start is traced browser-wide (the tracing goes through the browser's own target, not
 * the page), from before the navigation until two seconds after the page's load; the longest task of the page's
 * renderer main thread is split into the parts perf/task-parts.ts names. The run with the median task is printed.
 *
 * Tracing costs time of its own: a traced task runs 10-20 ms longer than `npm run bench -- start` finds it. The
 * figures here say what a task is made of; `start` says how long it is. Median of FIRST_TASK_RUNS runs (default 3).
 *
 * Each route also gets its longest task less Linux's font calls (perf/task-parts.ts: LINUX_FONT_CALLS), every run:
 * the same start as a phone's Chrome, which makes none, would run it. Still traced, so it errs long; judged against
 * the goal, no task over 50 ms.
 */
import { ensureChromium } from './ensure-chromium.ts';
import { BareChromium, reportExpression } from './perf/bare-chromium.ts';
import { startPortal } from './perf/browser.ts';
import { buildApp } from './perf/bundle.ts';
import { formatMs, machineLoad, median, medianItem, runsFrom } from './perf/figures.ts';
import { PLAIN_PATH, writePlainPage } from './perf/plain-page.ts';
import { AUDITED_ROUTES, CPU_SLOWDOWN, PHONE_SCREEN, routeLabel, signedInScript } from './perf/routes.ts';
import { longestTask, withoutLinuxFontCalls, type TaskBreakdown, type TaskPart } from './perf/task-parts.ts';

const OUT_DIR = '.out/first-task/dist';
const RUNS = runsFrom(process.env, 'FIRST_TASK_RUNS', 3);
const DONE = 'thrive-bench traced';
/** Two seconds after load the app has started on every route at this slowdown (it answers input within 0.8 s). */
const REPORT_SCRIPT = `addEventListener('load', () => setTimeout(() => ${reportExpression(JSON.stringify(DONE))}, 2000))`;
const CATEGORIES = ['toplevel', 'blink', 'fonts', 'devtools.timeline', 'loading'];

interface TracedStart {
  traced: TaskBreakdown;
  /** The longest task less Linux's font calls, in ms. */
  asPhoneMs: number;
}

async function tracedStart(bare: BareChromium, url: string, signedIn: boolean): Promise<TracedStart> {
  const initScripts = signedIn ? [REPORT_SCRIPT, signedInScript()] : [REPORT_SCRIPT];
  const { events } = await bare.trace(CATEGORIES, () =>
    bare.openAndReport(url, {
      initScripts,
      reportPrefix: DONE,
      cpuSlowdown: CPU_SLOWDOWN,
      viewport: PHONE_SCREEN,
      installed: false,
    }),
  );
  const traced = longestTask(events, url);
  const asPhone = longestTask(events, url, withoutLinuxFontCalls);
  if (!traced || !asPhone) throw new Error(`the trace of ${url} holds no task of its page`);
  return { traced, asPhoneMs: withoutLinuxFontCalls(asPhone) };
}

const GOAL_MS = 50;

const describe = ({ startMs, durationMs, parts }: TaskBreakdown) => {
  const named = (Object.entries(parts) as [TaskPart, number][])
    .filter(([, ms]) => Math.round(ms) > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([part, ms]) => `${part} ${formatMs(ms)}`);
  return `${formatMs(durationMs)}, ${formatMs(startMs)} after the commit: ${named.join(', ')}`;
};

if (!ensureChromium()) process.exit(1);
const { outDir } = await buildApp(OUT_DIR);
writePlainPage(outDir);
const server = await startPortal(outDir);
const bare = await BareChromium.launch();
try {
  console.log(
    `a first visit's longest task at ${CPU_SLOWDOWN}x CPU, traced (so 10-20 ms longer than untraced), ` +
      `the median of ${RUNS} runs, and what it is made of; then, every run, the longest less Linux's font calls, ` +
      `as a phone's Chrome would run it (goal: none over ${GOAL_MS} ms); ${machineLoad()}`,
  );
  const pages = [{ path: PLAIN_PATH, label: 'plain page (no script)', signedIn: false }].concat(
    AUDITED_ROUTES.map((route) => ({ path: route.path, signedIn: route.signedIn ?? false, label: routeLabel(route) })),
  );
  for (const { path, label, signedIn } of pages) {
    const runs: TracedStart[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await tracedStart(bare, `${server.url}${path}`, signedIn));
    console.log(`  ${label.padEnd(38)} ${describe(medianItem(runs, (run) => run.traced.durationMs).traced)}`);
    const asPhone = runs.map((run) => run.asPhoneMs);
    const over = asPhone.filter((ms) => ms > GOAL_MS).length;
    console.log(
      `  ${''.padEnd(38)} less Linux's font calls: median ${formatMs(median(asPhone))} (runs ${asPhone.map(formatMs).join(', ')}): ` +
        `${over === 0 ? 'ok' : `OVER ${GOAL_MS} ms in ${over} of ${RUNS}`}`,
    );
  }
  console.log(`done; ${machineLoad()}`);
} finally {
  await bare.close();
  await server.close();
}
