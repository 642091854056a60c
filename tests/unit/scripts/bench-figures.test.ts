import { describe, expect, it } from 'vitest';
import {
  base64Length,
  formatEncode,
  formatLongestTask,
  formatReopen,
  forwardedLines,
  median,
  medianItem,
} from '../../../scripts/perf/bench-figures.ts';

describe('median', () => {
  it.each([
    [[5], 5],
    [[3, 1, 2], 2],
    [[40, 10, 30, 20], 25],
    [[120, 95, 400, 101, 99], 101],
  ])('of %j is %d', (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it('refuses an empty list rather than printing a made-up figure', () => {
    expect(() => median([])).toThrow(RangeError);
  });
});

describe('medianItem', () => {
  it.each([
    [[{ ms: 30 }, { ms: 10 }, { ms: 20 }], { ms: 20 }],
    [[{ ms: 30 }, { ms: 10 }], { ms: 10 }],
  ])('of %j is the run %j', (runs, expected) => {
    expect(medianItem(runs, (run) => run.ms)).toEqual(expected);
  });
});

describe('base64Length', () => {
  it.each([
    [0, 0],
    [1, 4],
    [3, 4],
    [4, 8],
    [10 * 1024 * 1024, 13_981_016],
  ])('of %i bytes is %i characters', (bytes, length) => {
    expect(base64Length(bytes)).toBe(length);
  });
});

describe('formatLongestTask', () => {
  it.each([
    [[], 'longest main-thread task under 50 ms (no long task)'],
    [[61.4], 'longest main-thread task 61 ms (1 long task)'],
    [[55, 254.2, 80], 'longest main-thread task 254 ms (3 long tasks)'],
  ])('words %j as %s', (tasks, text) => {
    expect(formatLongestTask(tasks)).toBe(text);
  });
});

describe('formatReopen', () => {
  it('prints the median of each set of runs', () => {
    expect(formatReopen({ runsMs: [130, 110, 117], throttledRunsMs: [400, 360, 350], cpuSlowdown: 4 })).toBe(
      'offline reopen (navigation to first h1, service worker in control): median 117 ms of 3 runs; 4x CPU: median 360 ms of 3',
    );
  });
});

describe('formatEncode', () => {
  const bytes = 10 * 1024 * 1024;
  const run = (ms: number, longTasksMs: number[], encodedLength = base64Length(bytes)) => ({
    bytes,
    ms,
    longTasksMs,
    encodedLength,
  });

  it('prints the time and longest task, plain and with a slow CPU', () => {
    expect(formatEncode(run(483.2, [59]), run(1962, [254, 80]), 4)).toBe(
      'base64 encode of a 10.00 MB file in the browser: 483 ms, longest main-thread task 59 ms (1 long task); ' +
        '4x CPU: 1962 ms, longest main-thread task 254 ms (2 long tasks)',
    );
  });

  it('flags an encoder that did not encode the whole file', () => {
    expect(formatEncode(run(10, [], 8), run(40, []), 4)).toContain('(WRONG: 8 base64 characters, expected 13981016)');
  });
});

describe('forwardedLines', () => {
  it.each([
    [
      'keeps the lines a helper printed',
      'outbox replay: 100 items in 812 ms\n\n',
      0,
      ['outbox replay: 100 items in 812 ms'],
    ],
    ['says so when a helper printed nothing', '', 0, ['outbox replay: printed nothing']],
    ['marks a helper that failed', 'partial\n', 1, ['outbox replay: failed (exit 1):', 'partial']],
    ['marks a helper that ran out of time', '', null, ['outbox replay: failed (exit timeout)']],
  ])('%s', (_case, stdout, exitCode, lines) => {
    expect(forwardedLines('outbox replay', stdout, exitCode)).toEqual(lines);
  });
});
