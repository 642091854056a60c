import { describe, expect, it } from 'vitest';
import {
  base64Length,
  formatEncode,
  formatLoad,
  formatLongestTask,
  formatReopen,
  formatSummary,
  formatTableRow,
  lcpRatio,
  forwardedLines,
  median,
  medianItem,
  missedTargets,
  runsFrom,
  summarize,
  type LighthouseReport,
  type PageSummary,
} from '../../../../bench/perf/figures.ts';

describe('formatLoad', () => {
  it('gives the one-minute load against the cores, and says when the machine is busy', () => {
    expect(formatLoad(0.42, 2)).toBe('load average 0.4 on 2 cores');
    expect(formatLoad(2, 2)).toBe('load average 2.0 on 2 cores: busy, figures run long');
    expect(formatLoad(0.97, 1)).toBe('load average 1.0 on 1 core');
  });
});

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

const ref = (id: string, weight = 1) => ({ id, weight });

function report(
  overrides: { performance?: number | null; bestPractices?: number; lcpMs?: number; cls?: number } = {},
): LighthouseReport {
  return {
    categories: {
      performance: {
        score: overrides.performance === undefined ? 1 : overrides.performance,
        auditRefs: [ref('largest-contentful-paint', 25), ref('total-blocking-time', 30)],
      },
      accessibility: { score: 1, auditRefs: [ref('color-contrast', 7)] },
      'best-practices': {
        score: overrides.bestPractices ?? 1,
        auditRefs: [ref('errors-in-console'), ref('deprecations', 0)],
      },
      seo: { score: 1, auditRefs: [ref('meta-description')] },
    },
    audits: {
      'first-contentful-paint': { title: 'First Contentful Paint', score: 0.95, numericValue: 1012.4 },
      'largest-contentful-paint': {
        title: 'Largest Contentful Paint',
        score: overrides.lcpMs === undefined ? 1 : 0.9,
        numericValue: overrides.lcpMs ?? 920,
        displayValue: '0.9 s',
      },
      'total-blocking-time': { title: 'Total Blocking Time', score: 1, numericValue: 31.6 },
      'cumulative-layout-shift': { title: 'Cumulative Layout Shift', score: 1, numericValue: overrides.cls ?? 0 },
      'color-contrast': { title: 'Contrast', score: 1 },
      'errors-in-console': {
        title: 'Browser errors were logged to the console',
        score: overrides.bestPractices === undefined ? 1 : 0,
      },
      deprecations: { title: 'Uses deprecated APIs', score: 0 },
      'meta-description': { title: 'Document has a meta description', score: 1 },
    },
  };
}

describe('summarize', () => {
  it('reads the four scores out of 100 and the four metrics', () => {
    const summary = summarize(report({ performance: 0.99, cls: 0.0004 }));
    expect(summary.scores).toEqual({ performance: 99, accessibility: 100, 'best-practices': 100, seo: 100 });
    expect([summary.fcpMs, summary.lcpMs, summary.tbtMs, summary.cls]).toEqual([1012.4, 920, 31.6, 0.0004]);
  });

  it('lists the weighted audits that cost points, and not the unweighted ones', () => {
    expect(summarize(report({ bestPractices: 0.96, lcpMs: 1420 })).losses).toEqual([
      'performance: largest-contentful-paint (Largest Contentful Paint, 0.9 s)',
      'best-practices: errors-in-console (Browser errors were logged to the console)',
    ]);
  });

  it('keeps a category Lighthouse could not score as unknown, not zero', () => {
    expect(summarize(report({ performance: null })).scores.performance).toBeNull();
  });
});

describe('missedTargets', () => {
  const summary = (
    changes: Partial<PageSummary['scores']> & {
      lcpMs?: number | null;
      tbtMs?: number | null;
      cls?: number | null;
    } = {},
  ): PageSummary => {
    const { lcpMs = 900, tbtMs = 20, cls = 0, ...scores } = changes;
    return {
      scores: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100, ...scores },
      fcpMs: 800,
      lcpMs,
      tbtMs,
      cls,
      losses: [],
    };
  };

  it.each([
    ['all at their limits', summary({ lcpMs: 1000, tbtMs: 50, cls: 0 }), []],
    ['performance 99', summary({ performance: 99 }), ['performance 99 < 100']],
    ['accessibility 99', summary({ accessibility: 99 }), ['accessibility 99 < 100']],
    ['best practices 96', summary({ 'best-practices': 96 }), ['best-practices 96 < 100']],
    ['SEO 92', summary({ seo: 92 }), ['seo 92 < 100']],
    ['LCP 1.01 s', summary({ lcpMs: 1010 }), ['LCP 1.01 s > 1.00 s']],
    ['any layout shift', summary({ cls: 0.001 }), ['CLS 0.001 > 0']],
    ['TBT of 51 ms', summary({ tbtMs: 51 }), ['TBT 51 ms > 50 ms']],
    ['an unknown performance score', summary({ performance: null }), ['performance n/a < 100']],
    ['an unknown LCP', summary({ lcpMs: null }), ['LCP n/a > 1.00 s']],
  ])('with %s', (_case, input, missed) => {
    expect(missedTargets(input)).toEqual(missed);
  });

  it('judges the LCP against the plain page when its LCP is known: at most 1.15 times it', () => {
    expect(missedTargets(summary({ lcpMs: 736 }), 640)).toEqual([]);
    expect(missedTargets(summary({ lcpMs: 740 }), 640)).toEqual(["LCP 1.16x of the plain page's > 1.15x"]);
    expect(missedTargets(summary({ lcpMs: null }), 640)).toContain("LCP n/a of the plain page's > 1.15x");
  });
});

describe('lcpRatio', () => {
  it('is the LCP over the plain page’s, unknown when either is', () => {
    expect(lcpRatio(800, 640)).toBe(1.25);
    expect(lcpRatio(null, 640)).toBeNull();
    expect(lcpRatio(800, null)).toBeNull();
  });
});

describe('formatSummary', () => {
  it('prints one line per page with scores, metrics and the verdict', () => {
    expect(formatSummary('/', summarize(report()))).toBe(
      '/                             performance 100  accessibility 100  best-practices 100  SEO 100  ' +
        '| FCP 1.01 s  LCP 0.92 s  TBT 32 ms  CLS 0.000  | targets hold',
    );
  });

  it('names each missed target', () => {
    expect(formatSummary('/', summarize(report({ lcpMs: 1720, bestPractices: 0.96, cls: 0.004 })))).toMatch(
      /\| targets MISSED: best-practices 96 < 100; LCP 1\.72 s > 1\.00 s; CLS 0\.004 > 0$/,
    );
  });

  it('adds the LCP ratio to the plain page, and leaves out the verdict of a page not judged', () => {
    expect(formatSummary('plain', summarize(report()), 640, { judged: false })).toBe(
      'plain                         performance 100  accessibility 100  best-practices 100  SEO 100  ' +
        '| FCP 1.01 s  LCP 0.92 s  (1.44x plain)  TBT 32 ms  CLS 0.000',
    );
  });
});

describe('formatTableRow', () => {
  it('is one Markdown row with the LCP ratio', () => {
    expect(formatTableRow('/', summarize(report()), 640)).toBe(
      '| `/` | 100 | 100 / 100 / 100 | 920 ms | 1.44x | 32 ms | 0.000 |',
    );
  });
});

describe('runsFrom', () => {
  it('takes the variable when set, the fallback when not', () => {
    expect(runsFrom({ START_RUNS: '5' }, 'START_RUNS', 3)).toBe(5);
    expect(runsFrom({}, 'START_RUNS', 3)).toBe(3);
  });

  it.each(['0', '-1', '2.5', 'three'])('refuses %s, naming the variable', (value) => {
    expect(() => runsFrom({ START_RUNS: value }, 'START_RUNS', 3)).toThrow(/^START_RUNS must be a whole number from 1/);
  });
});
