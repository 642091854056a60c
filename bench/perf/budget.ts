/**
 * The verdict of budget.json on a measured build: the landing route's gzip
 * size against its limit, and code that must load only on its own screen
 * (the calendar, the chat) kept out of every file the landing route loads.
 * That is checked on the source modules the build put in each chunk: the
 * Vite manifest names chunks only, so a library inlined into the entry chunk
 * would slip past it.
 */
import { describeTotals, formatKB, gzipTotal, type BuiltApp } from './bundle.ts';

export interface LazyOnlyRule {
  /** What a person reading the output calls it: "calendar (react-day-picker, date-fns)". */
  name: string;
  /** Module paths relative to the project, matched as a prefix or after a `/`: "node_modules/date-fns/". */
  modules: string[];
}

export interface LazyOnlyLeak {
  rule: string;
  file: string;
  modules: string[];
}

export function matchesModule(path: string, pattern: string): boolean {
  return path.startsWith(pattern) || path.includes(`/${pattern}`);
}

const holds = (modules: readonly string[], rule: LazyOnlyRule) =>
  modules.filter((path) => rule.modules.some((pattern) => matchesModule(path, pattern)));

/** The built files holding any module of the rule: shows the check has something to look for. */
export function filesHolding(chunkModules: ReadonlyMap<string, readonly string[]>, rule: LazyOnlyRule): string[] {
  return [...chunkModules].filter(([, modules]) => holds(modules, rule).length > 0).map(([file]) => file);
}

/** The rules broken by the landing files: each lazy-only module a landing file bundles. */
export function findLazyOnlyLeaks(
  landingPaths: readonly string[],
  chunkModules: ReadonlyMap<string, readonly string[]>,
  rules: readonly LazyOnlyRule[],
): LazyOnlyLeak[] {
  return rules.flatMap((rule) =>
    landingPaths
      .map((file) => ({ rule: rule.name, file, modules: holds(chunkModules.get(file) ?? [], rule) }))
      .filter((leak) => leak.modules.length > 0),
  );
}

export interface Budget {
  landing: { maxGzipBytes: number };
  /** What a Hindi page may cost beyond the English one: its texts, loaded only when Hindi is chosen. */
  hindi: { maxExtraGzipBytes: number };
  /** Every JS and CSS file of the build: making the start quicker must not make the app bigger. */
  whole: { maxGzipBytes: number };
  lazyOnly: LazyOnlyRule[];
}

const isRule = (value: unknown): value is LazyOnlyRule => {
  const { name, modules } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const patterns = Array.isArray(modules) ? (modules as unknown[]) : [];
  return (
    typeof name === 'string' &&
    name !== '' &&
    patterns.length > 0 &&
    patterns.every((m) => typeof m === 'string' && m !== '')
  );
};

/** Reads budget.json, refusing a file that would make the check pass by accident. */
export function parseBudget(json: unknown): Budget {
  const { landing, hindi, whole, lazyOnly } = (typeof json === 'object' && json !== null ? json : {}) as Record<
    string,
    unknown
  >;
  const positive = (value: unknown): value is number =>
    typeof value === 'number' && Number.isFinite(value) && value > 0;
  const max = (landing as { maxGzipBytes?: unknown } | undefined)?.maxGzipBytes;
  if (!positive(max)) throw new Error('budget.json: landing.maxGzipBytes must be a positive number of bytes');
  const hindiExtra = (hindi as { maxExtraGzipBytes?: unknown } | undefined)?.maxExtraGzipBytes;
  if (!positive(hindiExtra)) throw new Error('budget.json: hindi.maxExtraGzipBytes must be a positive number of bytes');
  const wholeMax = (whole as { maxGzipBytes?: unknown } | undefined)?.maxGzipBytes;
  if (!positive(wholeMax)) throw new Error('budget.json: whole.maxGzipBytes must be a positive number of bytes');
  if (!Array.isArray(lazyOnly) || !lazyOnly.every(isRule)) {
    throw new Error('budget.json: lazyOnly must be a list of { name, modules: [non-empty strings] }');
  }
  return {
    landing: { maxGzipBytes: max },
    hindi: { maxExtraGzipBytes: hindiExtra },
    whole: { maxGzipBytes: wholeMax },
    lazyOnly,
  };
}

/** An overrun in kB, and in bytes too where kB would round it to nothing. */
const overText = (bytes: number) => (bytes >= 50 ? formatKB(bytes) : `${bytes} byte${bytes === 1 ? '' : 's'}`);

/** The landing route against budget.json, the whole app for the record, and each lazy-only rule. */
export function judgeBudget(app: Omit<BuiltApp, 'outDir'>, budget: Budget): { ok: boolean; lines: string[] } {
  const landingBytes = gzipTotal(app.landing);
  const over = landingBytes - budget.landing.maxGzipBytes;
  const hasCode = app.landing.some((file) => file.kind === 'js');
  const sizeOk = over <= 0 && hasCode;
  const sizeVerdict = !hasCode ? 'FAIL: no script found' : sizeOk ? 'ok' : `FAIL: over by ${overText(over)}`;
  const leaks = findLazyOnlyLeaks(
    app.landing.map((file) => file.path),
    app.chunkModules,
    budget.lazyOnly,
  );
  const hindiExtra = gzipTotal(app.hindiLanding) - landingBytes;
  const hindiOk = hindiExtra <= budget.hindi.maxExtraGzipBytes;
  const wholeOver = gzipTotal(app.all) - budget.whole.maxGzipBytes;
  const onlyHindi = app.hindiLanding.filter((file) => !app.landing.some((english) => english.path === file.path));
  const lines = [
    `landing route /: ${describeTotals(app.landing)}, budget ${formatKB(budget.landing.maxGzipBytes)}: ${sizeVerdict}`,
    ...app.landing.map((file) => `  ${file.path} ${formatKB(file.gzipBytes)}`),
    `Hindi landing route /hi: ${describeTotals(app.hindiLanding)}, ${formatKB(hindiExtra)} more than /, ` +
      `budget ${formatKB(budget.hindi.maxExtraGzipBytes)} more: ${hindiOk ? 'ok' : 'FAIL'}`,
    ...onlyHindi.map((file) => `  ${file.path} ${formatKB(file.gzipBytes)}`),
    `whole app: ${describeTotals(app.all)}, budget ${formatKB(budget.whole.maxGzipBytes)}: ` +
      (wholeOver <= 0 ? 'ok' : `FAIL: over by ${overText(wholeOver)}`),
  ];
  for (const rule of budget.lazyOnly) {
    const broken = leaks.filter((leak) => leak.rule === rule.name);
    const where = filesHolding(app.chunkModules, rule);
    const found = where.length === 0 ? 'not in the build' : `in ${where.join(', ')}`;
    lines.push(`${rule.name} kept off the landing route: ${broken.length === 0 ? `ok (${found})` : 'FAIL'}`);
    for (const leak of broken) lines.push(`  ${leak.file} bundles ${leak.modules.join(', ')}`);
  }
  if (app.external.length > 0) {
    lines.push('landing route loads code from another origin, which this budget cannot measure: FAIL');
    for (const url of app.external) lines.push(`  ${url}`);
  }
  return { ok: sizeOk && hindiOk && wholeOver <= 0 && leaks.length === 0 && app.external.length === 0, lines };
}
