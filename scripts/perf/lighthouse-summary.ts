/**
 * Turns a Lighthouse result into one line per page and checks it against
 * the targets of issue 8. Reads only the few fields it needs, so it works on
 * a full Lighthouse result and on a small hand-written one in tests.
 */

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

export const TARGETS = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  lcpMs: 1500,
} as const;

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

/** Each target the page misses, in words; empty when all hold. */
export function missedTargets(summary: PageSummary): string[] {
  const missed: string[] = [];
  for (const id of ['performance', 'accessibility', 'best-practices'] as const) {
    const score = summary.scores[id];
    if (score === null || score < TARGETS[id]) missed.push(`${id} ${score ?? 'n/a'} < ${TARGETS[id]}`);
  }
  if (summary.lcpMs === null || summary.lcpMs > TARGETS.lcpMs) {
    missed.push(`LCP ${formatSeconds(summary.lcpMs)} > ${formatSeconds(TARGETS.lcpMs)}`);
  }
  return missed;
}

export function formatSeconds(ms: number | null): string {
  return ms === null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`;
}

const score = (value: number | null) => (value === null ? 'n/a' : String(value));

export function formatSummary(page: string, summary: PageSummary): string {
  const { scores } = summary;
  const missed = missedTargets(summary);
  return [
    page.padEnd(28),
    `performance ${score(scores.performance)}`,
    `accessibility ${score(scores.accessibility)}`,
    `best-practices ${score(scores['best-practices'])}`,
    `SEO ${score(scores.seo)}`,
    `| FCP ${formatSeconds(summary.fcpMs)}`,
    `LCP ${formatSeconds(summary.lcpMs)}`,
    `TBT ${summary.tbtMs === null ? 'n/a' : `${Math.round(summary.tbtMs)} ms`}`,
    `CLS ${summary.cls === null ? 'n/a' : summary.cls.toFixed(3)}`,
    `| targets ${missed.length === 0 ? 'hold' : `MISSED: ${missed.join('; ')}`}`,
  ].join('  ');
}
