/**
 * The arithmetic and wording of the performance figures, kept apart from the
 * browser work: the lines of `npm run bench`, and Lighthouse results turned
 * into one line per page and checked against the targets. The
 * Lighthouse part reads only the few fields it needs, so it works on a full
 * result and on a small hand-written one in tests.
 */
import { availableParallelism, loadavg } from 'node:os';

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/** The item whose value is the median (the lower middle one for an even count), e.g. the median run with its details. */
export function medianItem<T>(items: readonly T[], value: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => value(a) - value(b));
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (middle === undefined) throw new RangeError('median of no items');
  return middle;
}

/** How many runs a bench makes: `env[name]` if set, else `fallback`; a whole number from 1, or it throws. */
export function runsFrom(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number): number {
  const runs = Number(env[name] ?? fallback);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`${name} must be a whole number from 1, not ${runs}`);
  return runs;
}

export function formatMs(ms: number): string {
  return `${Math.round(ms)} ms`;
}

/**
 * The machine's load in words (os.loadavg()'s one-minute figure against its cores), printed beside a bench's
 * figures: on a shared machine a busy minute moves a first visit's task by about as much as the goal's margin.
 */
export function formatLoad(oneMinute: number, cores: number): string {
  const busy = oneMinute >= cores ? ': busy, figures run long' : '';
  return `load average ${oneMinute.toFixed(1)} on ${cores} core${cores === 1 ? '' : 's'}${busy}`;
}

/** This machine's load now, in words (formatLoad). */
export const machineLoad = (): string => formatLoad(loadavg()[0] ?? 0, availableParallelism());

/** The length of the padded base64 of `bytes` bytes: a check that the encoder really encoded the whole file. */
export function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

export interface ReopenFigures {
  /** Navigation to the first h1 painted, one value per run. */
  runsMs: number[];
  throttledRunsMs: number[];
  cpuSlowdown: number;
}

export function formatReopen({ runsMs, throttledRunsMs, cpuSlowdown }: ReopenFigures): string {
  return (
    `offline reopen (navigation to first h1, service worker in control): median ${formatMs(median(runsMs))} ` +
    `of ${runsMs.length} runs; ${cpuSlowdown}x CPU: median ${formatMs(median(throttledRunsMs))} ` +
    `of ${throttledRunsMs.length}`
  );
}

export interface EncodeFigures {
  bytes: number;
  ms: number;
  /** Durations of the long tasks (50 ms or more) seen while encoding. */
  longTasksMs: number[];
  /** Characters of base64 produced: must be base64Length(bytes). */
  encodedLength: number;
}

/** The longest main-thread task in words; the Long Tasks API reports only tasks of 50 ms or more. */
export function formatLongestTask(longTasksMs: readonly number[]): string {
  if (longTasksMs.length === 0) return 'longest main-thread task under 50 ms (no long task)';
  const count = longTasksMs.length === 1 ? '1 long task' : `${longTasksMs.length} long tasks`;
  return `longest main-thread task ${formatMs(Math.max(...longTasksMs))} (${count})`;
}

function checkLength({ bytes, encodedLength }: EncodeFigures): string {
  const expected = base64Length(bytes);
  return encodedLength === expected ? '' : ` (WRONG: ${encodedLength} base64 characters, expected ${expected})`;
}

export function formatEncode(plain: EncodeFigures, throttled: EncodeFigures, cpuSlowdown: number): string {
  const size = `${(plain.bytes / (1024 * 1024)).toFixed(2)} MB`;
  return (
    `base64 encode of a ${size} file in the browser: ${formatMs(plain.ms)}, ${formatLongestTask(plain.longTasksMs)}` +
    `${checkLength(plain)}; ${cpuSlowdown}x CPU: ${formatMs(throttled.ms)}, ` +
    `${formatLongestTask(throttled.longTasksMs)}${checkLength(throttled)}`
  );
}

/** The lines a helper bench script printed, or a line saying why there are none. */
export function forwardedLines(label: string, stdout: string, exitCode: number | null): string[] {
  const lines = stdout
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  if (exitCode !== 0) return [`${label}: failed (exit ${exitCode ?? 'timeout'})${lines.length ? ':' : ''}`, ...lines];
  return lines.length > 0 ? lines : [`${label}: printed nothing`];
}

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORIES)[number];

export interface LighthouseReport {
  categories: Partial<Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>>;
  audits: Partial<
    Record<string, { title: string; score: number | null; numericValue?: number; displayValue?: string }>
  >;
  runtimeError?: { code: string; message: string };
}

export interface PageSummary {
  /** Category scores out of 100; null when Lighthouse could not score it. */
  scores: Record<CategoryId, number | null>;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Weighted audits that cost points: `category: id (title)`. */
  losses: string[];
}

/**
 * Every score 100, LCP at most 1.0 s and within 1.15 times the plain
 * page's (the floor on this network model), no layout shift, TBT at most 50 ms.
 */
export const TARGETS = {
  scores: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 },
  lcpMs: 1000,
  lcpRatio: 1.15,
  cls: 0,
  tbtMaxMs: 50,
} as const;

export function formatSeconds(ms: number | null): string {
  return ms === null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`;
}

const score = (value: number | null) => (value === null ? 'n/a' : String(value));
const formatCls = (cls: number | null) => (cls === null ? 'n/a' : cls.toFixed(3));
const formatMsOrNa = (ms: number | null) => (ms === null ? 'n/a' : formatMs(ms));

/** A page's LCP as a multiple of the plain page's; null when either is unknown. */
export function lcpRatio(lcpMs: number | null, plainLcpMs: number | null): number | null {
  return lcpMs === null || plainLcpMs === null || plainLcpMs <= 0 ? null : lcpMs / plainLcpMs;
}

const formatRatio = (ratio: number | null) => (ratio === null ? 'n/a' : `${ratio.toFixed(2)}x`);

const numeric = (report: LighthouseReport, id: string) => report.audits[id]?.numericValue ?? null;

export function summarize(report: LighthouseReport): PageSummary {
  const scores = {} as Record<CategoryId, number | null>;
  const losses: string[] = [];
  for (const id of CATEGORIES) {
    const category = report.categories[id];
    scores[id] = category?.score == null ? null : Math.round(category.score * 100);
    for (const ref of category?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        const shown = audit.displayValue ? `, ${audit.displayValue}` : '';
        losses.push(`${id}: ${ref.id} (${audit.title}${shown})`);
      }
    }
  }
  return {
    scores,
    fcpMs: numeric(report, 'first-contentful-paint'),
    lcpMs: numeric(report, 'largest-contentful-paint'),
    tbtMs: numeric(report, 'total-blocking-time'),
    cls: numeric(report, 'cumulative-layout-shift'),
    losses,
  };
}

/** Each target the page misses, in words; empty when all hold. The LCP ratio is judged when the plain page's LCP is known. */
export function missedTargets(summary: PageSummary, plainLcpMs: number | null = null): string[] {
  const missed: string[] = [];
  for (const id of CATEGORIES) {
    const score = summary.scores[id];
    if (score === null || score < TARGETS.scores[id]) missed.push(`${id} ${score ?? 'n/a'} < ${TARGETS.scores[id]}`);
  }
  if (summary.lcpMs === null || summary.lcpMs > TARGETS.lcpMs) {
    missed.push(`LCP ${formatSeconds(summary.lcpMs)} > ${formatSeconds(TARGETS.lcpMs)}`);
  }
  const ratio = lcpRatio(summary.lcpMs, plainLcpMs);
  if (plainLcpMs !== null && (ratio === null || ratio > TARGETS.lcpRatio)) {
    missed.push(`LCP ${formatRatio(ratio)} of the plain page's > ${TARGETS.lcpRatio}x`);
  }
  if (summary.cls === null || summary.cls > TARGETS.cls) missed.push(`CLS ${formatCls(summary.cls)} > ${TARGETS.cls}`);
  if (summary.tbtMs === null || summary.tbtMs > TARGETS.tbtMaxMs) {
    missed.push(`TBT ${formatMsOrNa(summary.tbtMs)} > ${TARGETS.tbtMaxMs} ms`);
  }
  return missed;
}

/** The targets in words, for the head of the audit's output. */
export function describeTargets(): string {
  return (
    `Lighthouse scores ${TARGETS.scores.performance} in all four categories, LCP <= ${formatSeconds(TARGETS.lcpMs)} ` +
    `and <= ${TARGETS.lcpRatio}x the plain page's, CLS ${TARGETS.cls}, TBT <= ${TARGETS.tbtMaxMs} ms`
  );
}

/** One page's line; `plainLcpMs` adds its LCP ratio, and `judged: false` leaves out the targets (the plain page). */
export function formatSummary(
  page: string,
  summary: PageSummary,
  plainLcpMs: number | null = null,
  { judged = true } = {},
): string {
  const { scores } = summary;
  const missed = missedTargets(summary, plainLcpMs);
  return [
    page.padEnd(28),
    `performance ${score(scores.performance)}`,
    `accessibility ${score(scores.accessibility)}`,
    `best-practices ${score(scores['best-practices'])}`,
    `SEO ${score(scores.seo)}`,
    `| FCP ${formatSeconds(summary.fcpMs)}`,
    `LCP ${formatSeconds(summary.lcpMs)}`,
    ...(plainLcpMs === null ? [] : [`(${formatRatio(lcpRatio(summary.lcpMs, plainLcpMs))} plain)`]),
    `TBT ${formatMsOrNa(summary.tbtMs)}`,
    `CLS ${formatCls(summary.cls)}`,
    ...(judged ? [`| targets ${missed.length === 0 ? 'hold' : `MISSED: ${missed.join('; ')}`}`] : []),
  ].join('  ');
}

/** The head of the Markdown table the audit ends with, for docs/performance.md. */
export const LCP_RATIO_TABLE_HEAD =
  '| page | perf | a11y / BP / SEO | LCP | LCP / plain | TBT | CLS |\n|---|---|---|---|---|---|---|';

/** One row of that table. */
export function formatTableRow(page: string, summary: PageSummary, plainLcpMs: number | null): string {
  const { scores } = summary;
  const others = [scores.accessibility, scores['best-practices'], scores.seo].map(score).join(' / ');
  const lcp = summary.lcpMs === null ? 'n/a' : `${Math.round(summary.lcpMs)} ms`;
  return `| \`${page}\` | ${score(scores.performance)} | ${others} | ${lcp} | ${formatRatio(lcpRatio(summary.lcpMs, plainLcpMs))} | ${formatMsOrNa(summary.tbtMs)} | ${formatCls(summary.cls)} |`;
}
