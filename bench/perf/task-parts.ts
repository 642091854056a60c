/**
 * What a page's longest main-thread task is made of, read from a Chromium trace (`npm run bench -- first-task`).
 * Kept apart from the browser work so that it is tested on small hand-written traces.
 */
import type { TraceEvent } from './bare-chromium.ts';

/**
 * The parts a task is split into, each the trace events that make it up. Events on one thread nest, and a moment is
 * given to the innermost event of a part: a font lookup inside the layout is the lookup's, the layout's own work is
 * what is left of it.
 */
export const TASK_PARTS = {
  /** Linux: a synchronous call from the renderer to the browser process, per font family tried and per new size. */
  'font lookups in the browser': [
    'FontDataManager::onMatchFamilyStyle',
    'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike',
  ],
  'fonts opened': ['FontCache::GetFontPlatformData'],
  'text shaped': ['InlineNode::ShapeTextIncludingFirstLine'],
  layout: ['Layout'],
  style: ['UpdateLayoutTree'],
  script: ['EvaluateScript', 'v8.evaluateModule', 'FunctionCall'],
  'HTML parsed': ['ParseHTML'],
  /** What the end of parsing does outside every other part: the browser's own work at DOMContentLoaded and load. */
  'end of parsing': ['Document::FinishedParsing'],
  paint: ['PrePaint', 'Paint', 'Layerize'],
  'navigation commit': ['DocumentLoader::CommitNavigation'],
} as const;

export type TaskPart = keyof typeof TASK_PARTS | 'other';

/** The names Chromium gives a task the scheduler runs (toplevel category); both occur, by version. */
const TASK_NAMES = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

const partOf = new Map<string, keyof typeof TASK_PARTS>(
  Object.entries(TASK_PARTS).flatMap(([part, names]) =>
    names.map((name) => [name, part as keyof typeof TASK_PARTS] as const),
  ),
);

export interface TaskBreakdown {
  /** Milliseconds from the end of the task that committed the page's navigation to the task's start. */
  startMs: number;
  durationMs: number;
  parts: Record<TaskPart, number>;
}

const endOf = (event: TraceEvent) => event.ts + (event.dur ?? 0);

/**
 * Linux's synchronous font calls from the renderer to the browser process. Android's Chrome makes none: Blink asks
 * for a size's rendering settings only on desktop builds (`FontPlatformData::QuerySystemRenderStyle` in
 * third_party/blink/renderer/platform/fonts/font_platform_data.cc, under `!BUILDFLAG(IS_ANDROID)`), and the renderer
 * matches families through the browser's font service only on Linux and ChromeOS (content/renderer/
 * renderer_blink_platform_impl.cc); Android's Skia reads the phone's fonts in the renderer itself.
 */
export const LINUX_FONT_CALLS = 'font lookups in the browser' satisfies TaskPart;

/** A task's length less Linux's font calls: the same task as a phone's Chrome, which makes none, would run it. */
export const withoutLinuxFontCalls = (task: TaskBreakdown): number => task.durationMs - task.parts[LINUX_FONT_CALLS];

const asTraced = (task: TaskBreakdown): number => task.durationMs;

/**
 * The longest task of the renderer main thread that parsed `pageUrl` (its ParseHTML event), after the task that
 * committed the page's navigation, split into TASK_PARTS in milliseconds, with 'other' for what no part names.
 * "Longest" is by `length`, the traced duration unless told (withoutLinuxFontCalls: as a phone would run it).
 * The commit's own task is left out as the Long Tasks API leaves it out: a page's observer starts within it.
 * Undefined when the trace holds no such page or task.
 */
export function longestTask(
  events: readonly TraceEvent[],
  pageUrl: string,
  length: (task: TaskBreakdown) => number = asTraced,
): TaskBreakdown | undefined {
  const parse = events.find((event) => event.name === 'ParseHTML' && event.args?.beginData?.url === pageUrl);
  if (!parse) return undefined;
  const onThread = events.filter((event) => event.pid === parse.pid && event.tid === parse.tid && event.dur);
  const tasks = onThread.filter((event) => TASK_NAMES.has(event.name));
  const commit = onThread
    .filter((event) => event.name === 'DocumentLoader::CommitNavigation' && event.ts <= parse.ts)
    .at(-1);
  const committed = commit
    ? Math.max(
        endOf(commit),
        ...tasks
          .filter((task) => task.ts <= commit.ts)
          .map(endOf)
          .filter((end) => end >= endOf(commit)),
      )
    : parse.ts;
  // Longest first: no length is more than the task's duration, so the search stops at the first task too short to win.
  const candidates = tasks.filter((candidate) => candidate.ts >= committed).sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0));
  let best: { task: TaskBreakdown; length: number } | undefined;
  for (const candidate of candidates) {
    if (best && (candidate.dur ?? 0) / 1000 <= best.length) break;
    const task = breakdown(onThread, candidate, committed);
    const candidateLength = length(task);
    if (!best || candidateLength > best.length) best = { task, length: candidateLength };
  }
  return best?.task;
}

/** `task` split into TASK_PARTS, from the events of its thread. */
function breakdown(onThread: readonly TraceEvent[], task: TraceEvent, committed: number): TaskBreakdown {
  const inside = onThread
    .filter((event) => partOf.has(event.name) && event.ts >= task.ts && endOf(event) <= endOf(task))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const parts = Object.fromEntries([...Object.keys(TASK_PARTS), 'other'].map((part) => [part, 0])) as Record<
    TaskPart,
    number
  >;
  // Each event's own time: its duration less that of the events of a part directly inside it.
  const open: { event: TraceEvent; own: number }[] = [];
  const close = (until: number) => {
    for (let top = open.at(-1); top && endOf(top.event) <= until; top = open.at(-1)) {
      open.pop();
      parts[partOf.get(top.event.name) ?? 'other'] += top.own / 1000;
    }
  };
  for (const event of inside) {
    close(event.ts);
    const parent = open.at(-1);
    if (parent) parent.own -= event.dur ?? 0;
    open.push({ event, own: event.dur ?? 0 });
  }
  close(Number.POSITIVE_INFINITY);
  const durationMs = (task.dur ?? 0) / 1000;
  const named = Object.values(parts).reduce((sum, ms) => sum + ms, 0);
  parts.other = durationMs - named;
  return { startMs: (task.ts - committed) / 1000, durationMs, parts };
}
