import { describe, expect, it } from 'vitest';
import {
  formatSummary,
  missedTargets,
  summarize,
  type LighthouseReport,
  type PageSummary,
} from '../../../scripts/perf/lighthouse-summary.ts';

const ref = (id: string, weight = 1) => ({ id, weight });

function report(
  overrides: { performance?: number | null; bestPractices?: number; lcpMs?: number } = {},
): LighthouseReport {
  return {
    categories: {
      performance: {
        score: overrides.performance === undefined ? 0.99 : overrides.performance,
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
        score: 0.9,
        numericValue: overrides.lcpMs ?? 1420,
        displayValue: '1.4 s',
      },
      'total-blocking-time': { title: 'Total Blocking Time', score: 1, numericValue: 31.6 },
      'cumulative-layout-shift': { title: 'Cumulative Layout Shift', score: 1, numericValue: 0.0004 },
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
    const summary = summarize(report());
    expect(summary.scores).toEqual({ performance: 99, accessibility: 100, 'best-practices': 100, seo: 100 });
    expect([summary.fcpMs, summary.lcpMs, summary.tbtMs, summary.cls]).toEqual([1012.4, 1420, 31.6, 0.0004]);
  });

  it('lists the weighted audits that cost points, and not the unweighted ones', () => {
    expect(summarize(report({ bestPractices: 0.96 })).losses).toEqual([
      'performance: largest-contentful-paint (Largest Contentful Paint, 1.4 s)',
      'best-practices: errors-in-console (Browser errors were logged to the console)',
    ]);
  });

  it('keeps a category Lighthouse could not score as unknown, not zero', () => {
    expect(summarize(report({ performance: null })).scores.performance).toBeNull();
  });
});

describe('missedTargets', () => {
  const summary = (changes: Partial<PageSummary['scores']> & { lcpMs?: number | null } = {}): PageSummary => {
    const { lcpMs = 1400, ...scores } = changes;
    return {
      scores: { performance: 98, accessibility: 100, 'best-practices': 100, seo: 92, ...scores },
      fcpMs: 900,
      lcpMs,
      tbtMs: 0,
      cls: 0,
      losses: [],
    };
  };

  it.each([
    ['all at their limits (SEO has no target)', summary({ lcpMs: 1500 }), []],
    ['performance 97', summary({ performance: 97 }), ['performance 97 < 98']],
    ['accessibility 99', summary({ accessibility: 99 }), ['accessibility 99 < 100']],
    ['best practices 96', summary({ 'best-practices': 96 }), ['best-practices 96 < 100']],
    ['LCP 1.51 s', summary({ lcpMs: 1510 }), ['LCP 1.51 s > 1.50 s']],
    ['an unknown performance score', summary({ performance: null }), ['performance n/a < 98']],
    ['an unknown LCP', summary({ lcpMs: null }), ['LCP n/a > 1.50 s']],
  ])('with %s', (_case, input, missed) => {
    expect(missedTargets(input)).toEqual(missed);
  });
});

describe('formatSummary', () => {
  it('prints one line per page with scores, metrics and the verdict', () => {
    expect(formatSummary('/', summarize(report()))).toBe(
      '/                             performance 99  accessibility 100  best-practices 100  SEO 100  ' +
        '| FCP 1.01 s  LCP 1.42 s  TBT 32 ms  CLS 0.000  | targets hold',
    );
  });

  it('names each missed target', () => {
    expect(formatSummary('/', summarize(report({ lcpMs: 1720, bestPractices: 0.96 })))).toMatch(
      /\| targets MISSED: best-practices 96 < 100; LCP 1\.72 s > 1\.50 s$/,
    );
  });
});
