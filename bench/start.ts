/**
 * `npm run bench -- start` (benchmark, not a test): what a cheap phone's
 * main thread goes through as the portal starts and as a parent uses it, at
 * 4x CPU slowdown (Chromium's own, through the DevTools protocol) in Debian
 * Chromium against the production build served by the reference server.
 *
 * - Per route, opened cold in a fresh profile: the longest main-thread task
 *   (Long Tasks API, observed from the document's first byte) from navigation
 *   until the page has started everything (hydrated, its toaster mounted, the
 *   page quiet for a moment), and the longest begun before the page answered
 *   input (its root no longer inert; a page of links, never inert, at
 *   DOMContentLoaded). Goal: none over 50 ms before the page
 *   answers input. The page reports its own start (watchMainThread).
 * - INP of three interactions (Event Timing API, as web-vitals computes it:
 *   the longest event of the worst interaction, from input to the next
 *   paint): typing in the chat box (its counter updates at each key),
 *   opening the reschedule calendar from the menu and moving it a month, and
 *   picking a photo in the chat. Goal: under 100 ms each.
 *
 * - The chat screen opening onto a thread of 1,000 messages: the
 *   main thread's whole task time (DevTools' TaskDuration) from the
 *   chat_thread answer (played by the bench, held until the screen has
 *   started) until the thread is drawn and the page quiet, less the same with
 *   an empty answer, and the longest task, with no inspector in the page.
 *   Goal: under 100 ms of work.
 *
 * Everything with no inspector in the page (perf/bare-chromium.ts): Playwright's
 * makes V8 several times slower at evaluating scripts (npm run bench -- inspector).
 * Median of START_RUNS runs (default 3). The machine may be shared: figures are noisy.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '../src/config/paths.ts';
import { APP_STARTED_ATTRIBUTE } from '../src/page/boot-script.ts';
import { formatCount } from '../src/shared/format/number.ts';
import { MESSAGE_MAX_LENGTH } from '../src/shared/rules/message.ts';
import { parentKey } from '../src/shared/rules/phone.ts';
import { CONVERSATION_DB, CONVERSATION_STORE } from '../src/shared/storage-names.ts';
import type { ThreadMessage } from '../src/shared/webhook/conversation.ts';
import { ensureChromium } from './ensure-chromium.ts';
import { startPortal } from './perf/browser.ts';
import { PLAIN_PATH, writePlainPage } from './perf/plain-page.ts';
import { BareChromium, type BarePage } from './perf/bare-chromium.ts';
import { buildApp } from './perf/bundle.ts';
import { AUDITED_ROUTES, CPU_SLOWDOWN, DEMO_PARENT, PHONE_SCREEN, routeLabel, signedInScript } from './perf/routes.ts';
import { formatMs, machineLoad, median, runsFrom } from './perf/figures.ts';
import { en as conversationText } from '../src/features/conversation/messages.ts';

const OUT_DIR = '.out/start/dist';
const RUNS = runsFrom(process.env, 'START_RUNS', 3);
/** After the last start work, how long the page must stay without a task for the start to count as over. */
const QUIET_MS = 1000;

interface Watch {
  longTasks: { start: number; duration: number }[];
  events: { name: string; interactionId: number; start: number; duration: number }[];
}

/** What a page reports once started and quiet (watchMainThread), then its figures as JSON. */
const STARTED = 'thrive-bench started ';

/** The bench asks for the watch by setting ASK_ATTRIBUTE on <html> to a fresh value; the page answers with WATCHED. */
const ASK_ATTRIBUTE = 'data-thrive-bench-ask';
const WATCHED = 'thrive-bench watched ';

interface WatchOptions {
  quietMs: number;
  reportPrefix: string;
  startedAttribute: string;
  toasterSelector: string;
  askAttribute: string;
  watchedPrefix: string;
}

const WATCH_OPTIONS: WatchOptions = {
  quietMs: QUIET_MS,
  reportPrefix: STARTED,
  startedAttribute: APP_STARTED_ATTRIBUTE,
  toasterSelector: 'section[aria-label^="Notifications"], section[aria-label^="सूचनाएँ"]',
  askAttribute: ASK_ATTRIBUTE,
  watchedPrefix: WATCHED,
};

interface StartReport {
  longTasks: Watch['longTasks'];
  /** When the page's root was first seen not inert: at DOMContentLoaded for a page that never was. */
  answersMs: number;
}

/**
 * Runs before any page script: records every long task and every event of 16 ms or more. It also watches the start
 * from inside the page and reports it (STARTED), and, asked (askAttribute), reports what it recorded once the page
 * has gone quietMs without a long task (watchedPrefix and the ask's value). Each report is a fragment the bench reads
 * from outside the page (bench/perf/bare-chromium.ts): reading it from inside would take the inspector, which slows
 * the page's scripts several times over.
 */
function watchMainThread({
  quietMs,
  reportPrefix,
  startedAttribute,
  toasterSelector,
  askAttribute,
  watchedPrefix,
}: WatchOptions): void {
  const watch: Watch = { longTasks: [], events: [] };
  new PerformanceObserver((list) => {
    for (const { startTime, duration } of list.getEntries()) watch.longTasks.push({ start: startTime, duration });
  }).observe({ type: 'longtask', buffered: true });
  // Event Timing's own option (16 ms is its floor), missing from TypeScript's DOM types.
  const events: PerformanceObserverInit & { durationThreshold: number } = {
    type: 'event',
    buffered: true,
    durationThreshold: 16,
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      watch.events.push({
        name: entry.name,
        interactionId: entry.interactionId,
        start: entry.startTime,
        duration: entry.duration,
      });
    }
  }).observe(events);

  // Object methods, not named functions: tsx would wrap those in a helper the page does not have.
  const start = {
    answersMs: undefined as number | undefined,
    root() {
      return document.getElementById('root');
    },
    noteAnswer() {
      const root = start.root();
      if (start.answersMs === undefined && root && !root.hasAttribute('inert')) start.answersMs = performance.now();
    },
    /** A page of the app hydrated with its toaster mounted, last (src/app/app-layout.tsx); a page with no app, loaded. */
    started() {
      const root = start.root();
      if (!root) return document.readyState === 'complete';
      return root.hasAttribute(startedAttribute) && document.querySelector(toasterSelector) !== null;
    },
    /** Reports once started and then quiet. */
    check() {
      if (!start.started()) {
        setTimeout(() => start.check(), 100);
      } else {
        start.whenQuiet(() => {
          const answersMs = start.answersMs ?? performance.now();
          const report: StartReport = { longTasks: watch.longTasks, answersMs };
          start.tell(reportPrefix + JSON.stringify(report));
        });
      }
    },
    /** Runs `then` once quietMs have passed with no new long task: every event entry is in by then. */
    whenQuiet(then: () => void, tasksSeen = -1) {
      if (watch.longTasks.length === tasksSeen) then();
      else setTimeout(() => start.whenQuiet(then, watch.longTasks.length), quietMs);
    },
    tell(text: string) {
      history.replaceState(history.state, '', `#${encodeURIComponent(text)}`);
    },
  };
  // The document, not <html>: this runs before the parser has made <html>.
  new MutationObserver(() => {
    const ask = document.documentElement.getAttribute(askAttribute);
    if (ask) start.whenQuiet(() => start.tell(`${watchedPrefix}${ask} ${JSON.stringify(watch)}`));
  }).observe(document, { subtree: true, attributes: true, attributeFilter: [askAttribute] });
  new MutationObserver(() => start.noteAnswer()).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['inert'],
  });
  document.addEventListener('DOMContentLoaded', () => start.noteAnswer());
  setTimeout(() => start.check(), 100);
}

/** watchMainThread as a page script, to run before any of the page's own. */
const WATCH_SCRIPT = `(${watchMainThread.toString()})(${JSON.stringify(WATCH_OPTIONS)})`;

let asks = 0;

/** What the page's watch has recorded, once the page has gone QUIET_MS without a long task. */
async function watchOf(page: BarePage): Promise<Watch> {
  asks += 1;
  const answer = page.report(`${WATCHED}${asks} `);
  await page.mark(ASK_ATTRIBUTE, String(asks));
  return JSON.parse(await answer) as Watch;
}

/** An XPath for an element whose own text is `text`, which holds no double quote. */
const textIs = (text: string) => `//*[text()=${JSON.stringify(text)}]`;

/** Opens `url` and waits for the page's own report of its start (watchMainThread). */
async function openStarted(page: BarePage, url: string): Promise<StartReport> {
  const report = page.report(STARTED);
  await page.navigate(url);
  return JSON.parse(await report) as StartReport;
}

interface StartRun {
  longestMs: number;
  /** The longest task begun before the page answered input: the goal is none over 50 ms. */
  beforeAnswerMs: number;
  count: number;
  /**
   * Navigation to the root no longer inert: from then on a tap reaches a handler (the app's, or a page of
   * links' own, which is never inert: build/prerender.ts).
   */
  answersMs: number;
}

/**
 * A start as a phone runs it, with no inspector in the page (bench/perf/bare-chromium.ts): in a new profile, the
 * page's own report of its start.
 */
async function bareStart(bare: BareChromium, url: string, signedIn: boolean, installed: boolean) {
  const initScripts = [WATCH_SCRIPT];
  if (signedIn) initScripts.push(signedInScript());
  const report = await bare.openAndReport(url, {
    initScripts,
    reportPrefix: STARTED,
    cpuSlowdown: CPU_SLOWDOWN,
    viewport: PHONE_SCREEN,
    installed,
  });
  return JSON.parse(report) as StartReport;
}

const longestOf = (tasks: StartReport['longTasks']) => Math.max(0, ...tasks.map((task) => task.duration));

/**
 * The plain page opened cold, as a route is: the longest task a page with no script at all has at this CPU
 * slowdown (the document's parsing, style and layout, the first frame), the floor under every route's figure.
 */
async function plainOnce(bare: BareChromium, url: string): Promise<number> {
  return longestOf((await bareStart(bare, url, false, false)).longTasks);
}

async function startOnce(bare: BareChromium, url: string, signedIn: boolean, installed: boolean): Promise<StartRun> {
  const { longTasks, answersMs } = await bareStart(bare, url, signedIn, installed);
  return {
    longestMs: longestOf(longTasks),
    beforeAnswerMs: longestOf(longTasks.filter((task) => task.start < answersMs)),
    count: longTasks.length,
    answersMs,
  };
}

/** INP of what `act` does on the page: the longest event of its worst interaction, input to next paint. */
async function inpOf(page: BarePage, act: () => Promise<void>): Promise<{ inpMs: number; longestTaskMs: number }> {
  // What came before (the page's start) is not the interaction's.
  const before = await watchOf(page);
  await act();
  const after = await watchOf(page);
  const events = after.events.slice(before.events.length);
  return {
    inpMs: Math.max(0, ...events.map((event) => event.duration)),
    longestTaskMs: longestOf(after.longTasks.slice(before.longTasks.length)),
  };
}

/**
 * A photo-like JPEG (noise over a gradient) of 1600×1200, made in a page of its own, never measured: compresses as a
 * camera's would.
 */
async function makePhoto(bare: BareChromium): Promise<Buffer> {
  const base64 = await bare.withPage({ initScripts: [], cpuSlowdown: 1, viewport: PHONE_SCREEN }, (page) =>
    page.evaluate<string>(`(async () => {
        const canvas = new OffscreenCanvas(1600, 1200);
        const context = canvas.getContext('2d');
        const image = context.createImageData(1600, 1200);
        for (let index = 0; index < image.data.length; index += 4) {
          const x = (index / 4) % 1600;
          image.data[index] = (x / 1600) * 255;
          image.data[index + 1] = Math.random() * 255;
          image.data[index + 2] = 128;
          image.data[index + 3] = 255;
        }
        context.putImageData(image, 0, 0);
        const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
        let binary = '';
        for (let offset = 0; offset < bytes.length; offset += 32768) {
          binary += String.fromCharCode(...bytes.subarray(offset, offset + 32768));
        }
        return btoa(binary);
      })()`),
  );
  return Buffer.from(base64, 'base64');
}

interface InteractionRun {
  typing: number;
  typingTask: number;
  calendar: number;
  calendarTask: number;
  pick: number;
  pickTask: number;
}

async function interactionsOnce(bare: BareChromium, url: string, photo: string): Promise<InteractionRun> {
  const initScripts = [WATCH_SCRIPT, signedInScript()];
  return bare.withPage({ initScripts, cpuSlowdown: CPU_SLOWDOWN, viewport: PHONE_SCREEN }, async (page) => {
    await openStarted(page, `${url}${paths.chat}`);
    const text = 'Running late, back by six';
    const counter = conversationText.chat.counter(
      formatCount(text.length, 'en'),
      formatCount(MESSAGE_MAX_LENGTH, 'en'),
    );
    const typing = await inpOf(page, async () => {
      await page.tap('textarea');
      // About a person's pace: each key is its own interaction.
      await page.type(text, 60);
      await page.waitFor(textIs(counter));
    });
    const pick = await inpOf(page, async () => {
      // The chat's Add Files is the file input's label (attachment-picker.tsx).
      await page.pickFile('label.file-picker__label', photo);
      await page.waitFor(`ul[aria-label=${JSON.stringify(conversationText.chat.filesLabel)}] li`);
    });

    await openStarted(page, `${url}${paths.menu}`);
    const calendar = await inpOf(page, async () => {
      await page.tap(`a[href$=${JSON.stringify(paths.reschedule)}]`);
      await page.waitFor('[role="grid"]');
      await page.tap('button[aria-label*="next month" i]');
      await page.waitFor('[role="grid"]');
    });
    return {
      typing: typing.inpMs,
      typingTask: typing.longestTaskMs,
      calendar: calendar.inpMs,
      calendarTask: calendar.longestTaskMs,
      pick: pick.inpMs,
      pickTask: pick.longestTaskMs,
    };
  });
}

const THREAD_LENGTH = 1000;

/** A thread as chat_thread answers it: every fifth message a staff reply, one a minute, oldest first. */
function thread(length: number): ThreadMessage[] {
  const first = Date.parse('2026-11-01T09:00:00+05:30');
  return Array.from({ length }, (_, index): ThreadMessage => {
    const sentAt = new Date(first + index * 60_000 + 5.5 * 3_600_000).toISOString().replace('Z', '+05:30');
    const common = { id: String(index + 1), sent_at: sentAt, attachments: [] };
    return index % 5 === 4
      ? { ...common, from: 'staff', author: 'Ms. Rao', text: `Thank you, noted (${index + 1}).` }
      : {
          ...common,
          from: 'parent',
          request_id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
          text: `Message ${index + 1}: running a little late today, we will be there by six.`,
        };
  });
}

interface ThreadRun {
  taskMs: number;
  longestMs: number;
}

/** What the landing page reports once a phone's conversation record is written (seedToken). */
const SEEDED = 'thrive-bench seeded';

/**
 * On the landing page only: writes a token kept from an earlier verification, as the portal keeps it
 * (src/shared/conversation/store.ts), and reports it.
 */
function seedToken([name, store, key, seeded]: readonly [string, string, string, string]): void {
  if (location.pathname !== '/') return;
  const open = indexedDB.open(name);
  open.onupgradeneeded = () => open.result.createObjectStore(store);
  open.onsuccess = () => {
    const write = open.result.transaction(store, 'readwrite');
    write.objectStore(store).put({ token: 'bench-token', messages: [] }, key);
    write.oncomplete = () => {
      open.result.close();
      history.replaceState(history.state, '', `#${encodeURIComponent(seeded)}`);
    };
  };
}

/**
 * The chat screen of a verified phone, started and quiet while its webhook holds the chat_thread answer; then the
 * answer, `messages`, is let through: the renderer's task time from then until the newest message is drawn and the
 * page is quiet again. Measured apart from the screen's own start, so the thread's work is not the small difference
 * of two large figures that the machine's load moves by more. With no inspector in the page, as the start.
 */
async function threadOnce(bare: BareChromium, url: string, messages: ThreadMessage[]): Promise<ThreadRun> {
  const newest = messages.at(-1)?.text;
  const initScripts = [
    WATCH_SCRIPT,
    signedInScript(),
    `(${seedToken.toString()})(${JSON.stringify([CONVERSATION_DB, CONVERSATION_STORE, parentKey(DEMO_PARENT), SEEDED])})`,
  ];
  return bare.withPage({ initScripts, cpuSlowdown: CPU_SLOWDOWN, viewport: PHONE_SCREEN }, async (page) => {
    let release = () => {};
    const released = new Promise<void>((done) => (release = done));
    let asked = () => {};
    const answerAsked = new Promise<void>((done) => (asked = done));
    await page.intercept('*/api/webhook', async (postData) => {
      const body = JSON.parse(postData ?? '{}') as { action?: string; payload?: { after?: string } };
      if (body.action !== 'chat_thread') return 'continue';
      const fresh = body.payload?.after === undefined;
      if (fresh) {
        asked();
        await released;
      }
      return {
        status: 200,
        json: { messages: fresh ? messages : [], cursor: String(messages.length || 0), more: false },
      };
    });
    const seeded = page.report(SEEDED);
    await page.navigate(`${url}${paths.home}`);
    await seeded;
    const [before] = await Promise.all([openStarted(page, `${url}${paths.chat}`), answerAsked]);
    const startSeconds = await page.taskSeconds();
    release();
    // The record the bench wrote has no time: 'Saved at' appears once the answer is in.
    await page.waitFor('//*[starts-with(normalize-space(text()), "Saved at ")]');
    if (newest) await page.waitFor(textIs(newest));
    const after = await watchOf(page);
    return {
      taskMs: ((await page.taskSeconds()) - startSeconds) * 1000,
      longestMs: longestOf(after.longTasks.slice(before.longTasks.length)),
    };
  });
}

const verdict = (ms: number, limit: number) => (ms <= limit ? 'ok' : `OVER ${limit} ms`);
/** Event Timing reports events of 16 ms or more only. */
const inpText = (ms: number) => (ms === 0 ? 'under 16 ms' : formatMs(ms));
const taskText = (ms: number) => (ms === 0 ? 'none over 50 ms' : `longest task ${formatMs(ms)}`);

if (!ensureChromium()) process.exit(1);
const { outDir } = await buildApp(OUT_DIR);
writePlainPage(outDir);
const server = await startPortal(outDir);
const bare = await BareChromium.launch();
// From a file on disk, as a phone's picker gives it.
const photoFolder = await mkdtemp(join(tmpdir(), 'thrive-start-'));
try {
  for (const installed of [false, true]) {
    const how = installed ? 'reopened as an installed app (its worker and caches ready)' : 'fresh profile';
    console.log(
      `start at ${CPU_SLOWDOWN}x CPU, ${how}, median of ${RUNS} runs (goal: no task over 50 ms); ${machineLoad()}`,
    );
    if (!installed) {
      const plain: number[] = [];
      for (let run = 0; run < RUNS; run += 1) plain.push(await plainOnce(bare, `${server.url}${PLAIN_PATH}`));
      const floor = median(plain);
      console.log(
        `  ${'plain page (no script: the floor)'.padEnd(40)} longest task ${floor === 0 ? 'under 50 ms' : formatMs(floor)}`,
      );
    }
    for (const route of AUDITED_ROUTES) {
      const { path, signedIn = false } = route;
      const runs: StartRun[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(await startOnce(bare, `${server.url}${path}`, signedIn, installed));
      }
      const longest = median(runs.map((run) => run.longestMs));
      const beforeAnswer = median(runs.map((run) => run.beforeAnswerMs));
      const task = (ms: number) => (ms === 0 ? 'under 50 ms' : formatMs(ms));
      console.log(
        `  ${routeLabel(route).padEnd(40)} longest start task ${task(longest)}, before it answers input ${task(beforeAnswer)}` +
          ` (long tasks ${runs.map((run) => run.count).join('/')}, answers input at ` +
          `${formatMs(median(runs.map((run) => run.answersMs)))}): ${beforeAnswer === 0 ? 'ok' : 'OVER 50 ms'}`,
      );
    }
  }
  console.log(`INP at ${CPU_SLOWDOWN}x CPU, median of ${RUNS} runs (goal: under 100 ms)`);
  const runs: InteractionRun[] = [];
  const photo = join(photoFolder, 'photo.jpg');
  await writeFile(photo, await makePhoto(bare));
  for (let run = 0; run < RUNS; run += 1) runs.push(await interactionsOnce(bare, server.url, photo));
  const line = (label: string, inp: keyof InteractionRun, task: keyof InteractionRun) => {
    const inpMs = median(runs.map((run) => run[inp]));
    const taskMs = median(runs.map((run) => run[task]));
    console.log(`  ${label.padEnd(40)} INP ${inpText(inpMs)}, ${taskText(taskMs)}: ${verdict(inpMs, 99)}`);
  };
  line('typing in the chat box', 'typing', 'typingTask');
  line('reschedule: open calendar, next month', 'calendar', 'calendarTask');
  line('chat: pick a photo', 'pick', 'pickTask');

  console.log(
    `the chat screen opening onto ${formatCount(THREAD_LENGTH, 'en')} messages at ${CPU_SLOWDOWN}x CPU, median of ${RUNS} runs (goal: under 100 ms of work)`,
  );
  const full: ThreadRun[] = [];
  const empty: ThreadRun[] = [];
  const messages = thread(THREAD_LENGTH);
  for (let run = 0; run < RUNS; run += 1) {
    full.push(await threadOnce(bare, server.url, messages));
    empty.push(await threadOnce(bare, server.url, []));
  }
  const work = median(full.map((run) => run.taskMs)) - median(empty.map((run) => run.taskMs));
  console.log(
    `  ${"the thread's own work".padEnd(40)} ${formatMs(work)} (from the answer on: with the thread ` +
      `${formatMs(median(full.map((run) => run.taskMs)))}, an empty one ${formatMs(median(empty.map((run) => run.taskMs)))}), ` +
      `${taskText(median(full.map((run) => run.longestMs)))}: ${verdict(work, 99)}`,
  );
  console.log(`done; ${machineLoad()}`);
} finally {
  await rm(photoFolder, { recursive: true, force: true });
  await bare.close();
  await server.close();
}
