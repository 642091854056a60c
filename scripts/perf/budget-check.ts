/**
 * The verdict of the bundle budget: the landing route's gzip size against
 * budget.json, the whole app's size for the record, and the lazy-only rules.
 */
import { formatKB, totals, type BundleSizes, type SizeTotals } from './bundle-size.ts';
import type { LazyOnlyLeak, LazyOnlyRule } from './lazy-only.ts';

export interface Budget {
  landing: { maxGzipBytes: number };
  lazyOnly: LazyOnlyRule[];
}

export interface BudgetVerdict {
  ok: boolean;
  lines: string[];
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && item !== '');

function isRule(value: unknown): value is LazyOnlyRule {
  if (typeof value !== 'object' || value === null) return false;
  const { name, modules } = value as Record<string, unknown>;
  return typeof name === 'string' && name !== '' && isStringList(modules);
}

/** Reads budget.json, refusing a file that would make the check pass by accident. */
export function parseBudget(json: unknown): Budget {
  const { landing, lazyOnly } = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const max = (landing as { maxGzipBytes?: unknown } | undefined)?.maxGzipBytes;
  if (typeof max !== 'number' || !Number.isFinite(max) || max <= 0) {
    throw new Error('budget.json: landing.maxGzipBytes must be a positive number of bytes');
  }
  if (!Array.isArray(lazyOnly) || !lazyOnly.every(isRule)) {
    throw new Error('budget.json: lazyOnly must be a list of { name, modules: [non-empty strings] }');
  }
  return { landing: { maxGzipBytes: max }, lazyOnly };
}

export function describeTotals(sum: SizeTotals): string {
  const files = `${sum.files} file${sum.files === 1 ? '' : 's'}`;
  return `${formatKB(sum.gzipBytes)} gzip (JS ${formatKB(sum.jsGzipBytes)} + CSS ${formatKB(sum.cssGzipBytes)}, ${files})`;
}

/**
 * `holders` maps each lazy-only rule to the built files that hold its code,
 * so a passing rule says where that code went (or that it is not built yet).
 */
export function judgeBudget(
  sizes: BundleSizes,
  leaks: readonly LazyOnlyLeak[],
  budget: Budget,
  holders: ReadonlyMap<string, readonly string[]> = new Map(),
): BudgetVerdict {
  const landing = totals(sizes.landing);
  const max = budget.landing.maxGzipBytes;
  const over = landing.gzipBytes - max;
  const sizeOk = over <= 0 && sizes.landing.length > 0;
  const sizeVerdict =
    sizes.landing.length === 0 ? 'FAIL: no JS or CSS found' : sizeOk ? 'ok' : `FAIL: over by ${formatKB(over)}`;
  const lines = [
    `landing route /: ${describeTotals(landing)}, budget ${formatKB(max)}: ${sizeVerdict}`,
    ...sizes.landing.map((file) => `  ${file.path} ${formatKB(file.gzipBytes)}`),
    `whole app: ${describeTotals(totals(sizes.all))}`,
  ];
  for (const rule of budget.lazyOnly) {
    const broken = leaks.filter((leak) => leak.rule === rule.name);
    const where = holders.get(rule.name) ?? [];
    const found = where.length === 0 ? 'not in the build yet' : `in ${where.join(', ')}`;
    lines.push(`${rule.name} kept off the landing route: ${broken.length === 0 ? `ok (${found})` : 'FAIL'}`);
    for (const leak of broken) lines.push(`  ${leak.file} bundles ${leak.modules.join(', ')}`);
  }
  if (sizes.external.length > 0) {
    lines.push(`landing route loads code from another origin, which this budget cannot measure: FAIL`);
    for (const url of sizes.external) lines.push(`  ${url}`);
  }
  return { ok: sizeOk && leaks.length === 0 && sizes.external.length === 0, lines };
}
