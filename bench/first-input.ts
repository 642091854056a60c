/**
 * `npm run bench -- first-input [dist]`: whether a tap or an edit made the moment a page starts answering input
 * takes effect, on a cheap phone's CPU (6x slowdown), in Debian Chromium with no inspector in the page, against the
 * production build (built into .out/first-input/dist, or the one in `dist`) served by the reference server.
 *
 * A page answers input once its root is no longer `inert` (build/prerender.ts). A page script reports that moment
 * in the URL's fragment, which the bench reads from outside (bench/perf/bare-chromium.ts), and the bench acts at
 * once: taps at the places it measured on the prerendered page, text put in a field focused as the phone's autofill
 * focuses it, with no tap (a tap would make React hydrate the field first). Once the app has started (its toaster
 * mounted), it finishes the form where there is more to it, and gives the answer OUTCOME_MS to show.
 *
 * Each action is opened cold in a fresh profile, FIRST_INPUT_RUNS times (default 20):
 * - Fetch My Schedule, signed in: the tap must send know_schedule.
 * - Sign-in: Name filled at the moment, then the number and Continue: the menu must greet the parent.
 * - Submit Request on reschedule, signed in, nothing picked: the tap must say to pick a date.
 * - Send Message, signed in: the message filled and Send Message tapped at the moment: it must say Sent.
 * - Book a Consultation, a new visitor: Name filled at the moment, then the rest: it must say it was sent.
 *
 * Goal: nothing lost. The bench prints what was lost per action and exits non-zero on any loss; what the page showed
 * after each loss is kept in .out/first-input/lost/.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { paths } from '../src/config/paths.ts';
import { en as conversationText } from '../src/features/conversation/messages.ts';
import { en as menuText } from '../src/features/menu/messages.ts';
import { en as rescheduleText } from '../src/features/reschedule/messages.ts';
import { en as scheduleText } from '../src/features/schedule/messages.ts';
import { en as signInText } from '../src/features/sign-in/messages.ts';
import { en as visitorText } from '../src/features/visitor/messages.ts';
import { en as uiText } from '../src/ui/messages.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { BareChromium, reportExpression, type BarePage, type Point } from './perf/bare-chromium.ts';
import { startPortal } from './perf/browser.ts';
import { buildApp } from './perf/bundle.ts';
import { machineLoad, runsFrom } from './perf/figures.ts';
import { DEMO_PARENT, PHONE_SCREEN, signedInScript } from './perf/routes.ts';

const OUT_DIR = '.out/first-input/dist';
/** What the page showed once a run was found to have lost what was done: one PNG a run. */
const LOST_DIR = '.out/first-input/lost';
const RUNS = runsFrom(process.env, 'FIRST_INPUT_RUNS', 20);
/** Slower than the start bench's 4x: the gap this bench looks for was found at 6x. */
const CPU_SLOWDOWN = 6;
/** After the app has started, how long its answer to what was done may still take (a request to 127.0.0.1). */
const OUTCOME_MS = 10_000;
/** The toaster mounts last of the start (src/app/app-layout.tsx). */
const TOASTER = 'section[aria-label^="Notifications"]';

/** Reported by the page (answersScript) the moment its root stops being inert. */
const ANSWERS = 'thrive-bench answers';
/** Reported by the page once its document is parsed: the first paint's layout is there to measure. */
const PARSED = 'thrive-bench parsed';

const answersScript = [
  `document.addEventListener('DOMContentLoaded', () => ${reportExpression(JSON.stringify(PARSED))});`,
  'new MutationObserver((changes, observer) => {',
  "  const root = document.getElementById('root');",
  "  if (!root || root.hasAttribute('inert')) return;",
  '  observer.disconnect();',
  `  ${reportExpression(JSON.stringify(ANSWERS))};`,
  "}).observe(document, { subtree: true, attributes: true, attributeFilter: ['inert'] });",
].join('\n');

/**
 * One step of an action, on the element an XPath finds: a tap; a focus with no tap, as the phone's autofill gives
 * it; or text put in the focused field at once, as a paste or autofill does.
 */
type Step = { tap: string } | { focus: string } | { text: string };

/**
 * What shows the action was taken: a request the page sends to the webhook with this action, or this XPath finding
 * a node. A message or a visitor's request goes through the outbox, which the service worker may send once it is
 * installed, out of the page's sight: for those, the panel that says it was sent.
 */
type Outcome = { action: string } | { shown: string };

interface FirstInput {
  label: string;
  path: string;
  signedIn: boolean;
  /** Done the moment the page answers input, one right after another. */
  first: Step[];
  /** Done once the app has started, to finish the form. */
  then: Step[];
  outcome: Outcome;
}

const button = (text: string) => `//button[normalize-space()=${JSON.stringify(text)}]`;
const field = (name: string) => `//*[(self::input or self::textarea) and @name=${JSON.stringify(name)}]`;
const shown = (words: string) => `//*[normalize-space(text())=${JSON.stringify(words)}]`;

const ACTIONS: readonly FirstInput[] = [
  {
    label: 'Fetch My Schedule',
    path: paths.schedule,
    signedIn: true,
    first: [{ tap: button(scheduleText.fetch) }],
    then: [],
    outcome: { action: 'know_schedule' },
  },
  {
    label: 'sign-in: Name, then the rest',
    path: paths.signIn,
    signedIn: false,
    first: [{ focus: field('name') }, { text: DEMO_PARENT.name }],
    then: [{ focus: field('phone') }, { text: DEMO_PARENT.number }, { tap: button(signInText.continue) }],
    outcome: { shown: shown(menuText.hello(DEMO_PARENT.name)) },
  },
  {
    label: 'Submit Request (nothing picked)',
    path: paths.reschedule,
    signedIn: true,
    first: [{ tap: button(rescheduleText.submit) }],
    then: [],
    outcome: { shown: shown(rescheduleText.noSelection) },
  },
  {
    label: 'Send Message (typed, then tapped)',
    path: paths.chat,
    signedIn: true,
    first: [{ focus: field('message') }, { text: 'Running late today' }, { tap: button(conversationText.chat.send) }],
    then: [],
    outcome: { shown: shown(conversationText.chat.sent) },
  },
  {
    label: 'Book a Consultation: Name, then the rest',
    path: paths.bookConsult,
    signedIn: false,
    first: [{ focus: field('name') }, { text: 'Meera Iyer' }],
    then: [{ focus: field('phone') }, { text: '9123456780' }, { tap: button(visitorText.bookConsult.submit) }],
    outcome: { shown: shown(uiText.successTitle) },
  },
];

/** Where an action's taps land and which fields it focuses, looked up before it is done. */
interface Places {
  tap(query: string): Promise<Point>;
  focus(query: string): Promise<number>;
}

async function act(page: BarePage, steps: readonly Step[], places: Places) {
  for (const step of steps) {
    if ('text' in step) await page.insertText(step.text);
    else if ('focus' in step) await page.focus(await places.focus(step.focus));
    else await page.tapAt(await places.tap(step.tap));
  }
}

/**
 * The places of `steps`, measured on the page as it is now (the prerendered page before it answers input), so
 * nothing stands between that moment and the act. The last tap's element is scrolled into view, and every tap must
 * then be on screen.
 */
async function measured(page: BarePage, steps: readonly Step[]): Promise<Places> {
  const points = new Map<string, Point>();
  const ids = new Map<string, number>();
  const taps = steps.flatMap((step) => ('tap' in step ? [step.tap] : []));
  const last = taps.at(-1);
  if (last) await page.reveal(last);
  for (const query of taps) {
    const point = await page.centreOf(query);
    if (point.y < 0 || point.y > PHONE_SCREEN.height) throw new Error(`${query} is not on screen with the others`);
    points.set(query, point);
  }
  for (const step of steps) if ('focus' in step) ids.set(step.focus, await page.lastingIdOf(step.focus));
  const known = <T>(map: Map<string, T>, query: string) => {
    const value = map.get(query);
    if (value === undefined) throw new Error(`${query} was not measured`);
    return Promise.resolve(value);
  };
  return { tap: (query) => known(points, query), focus: (query) => known(ids, query) };
}

/** The places of `steps` on the page as it is when each is done. */
const placesNow = (page: BarePage): Places => ({
  tap: async (query) => {
    await page.reveal(query);
    return page.centreOf(query);
  },
  focus: (query) => page.lastingIdOf(query),
});

/** Resolves true once `promise` does, or false after `ms`. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((done) => (timer = setTimeout(() => done(false), ms)));
  const took = await Promise.race([promise.then(() => true), late]);
  clearTimeout(timer);
  return took;
}

/** One cold opening of the action's page: true when what was done at the first moment took effect. */
async function kept(bare: BareChromium, url: string, input: FirstInput, run: number): Promise<boolean> {
  const initScripts = [answersScript, ...(input.signedIn ? [signedInScript()] : [])];
  return bare.withPage({ initScripts, cpuSlowdown: CPU_SLOWDOWN, viewport: PHONE_SCREEN }, async (page) => {
    let requested = () => {};
    const sent = new Promise<void>((done) => (requested = done));
    await page.intercept('*/api/webhook', (postData) => {
      const { action } = JSON.parse(postData ?? '{}') as { action?: string };
      if ('action' in input.outcome && action === input.outcome.action) requested();
      return Promise.resolve('continue');
    });
    const parsed = page.report(PARSED);
    const answers = page.report(ANSWERS);
    let answered = false;
    void answers.then(() => (answered = true));
    await page.navigate(`${url}${input.path}`);
    await parsed;
    const places = await measured(page, input.first);
    if (answered) throw new Error(`${input.label}: the page answered input before the bench had measured it`);
    await answers;
    await act(page, input.first, places);
    await page.waitFor(TOASTER);
    await act(page, input.then, placesNow(page));
    const outcome = 'shown' in input.outcome ? page.waitFor(input.outcome.shown, OUTCOME_MS) : sent;
    const took = await within(outcome, OUTCOME_MS).catch(() => false);
    if (!took)
      await writeFile(join(LOST_DIR, `${input.path.replaceAll('/', '_')}-${run}.png`), await page.screenshot());
    return took;
  });
}

if (!ensureChromium()) process.exit(1);
// A build given by its folder is measured as it is: two builds can be compared in the same minutes.
const outDir = process.argv[2] ?? (await buildApp(OUT_DIR)).outDir;
await rm(LOST_DIR, { recursive: true, force: true });
await mkdir(LOST_DIR, { recursive: true });
const server = await startPortal(outDir);
const bare = await BareChromium.launch();
let lost = 0;
try {
  console.log(
    `first input at ${CPU_SLOWDOWN}x CPU: acted on the moment the page answers input, ${RUNS} cold runs each ` +
      `(goal: none lost); ${machineLoad()}`,
  );
  for (const input of ACTIONS) {
    let lostHere = 0;
    for (let run = 0; run < RUNS; run += 1) if (!(await kept(bare, server.url, input, run))) lostHere += 1;
    lost += lostHere;
    console.log(`  ${input.label.padEnd(36)} lost ${lostHere} of ${RUNS}: ${lostHere === 0 ? 'ok' : 'LOST'}`);
  }
  console.log(`done; ${machineLoad()}`);
} finally {
  await bare.close();
  await server.close();
}
process.exit(lost === 0 ? 0 : 1);
