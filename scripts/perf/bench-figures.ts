/** The arithmetic and wording of `npm run bench`'s lines, kept apart from the browser work. */

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

export function formatMs(ms: number): string {
  return `${Math.round(ms)} ms`;
}

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
