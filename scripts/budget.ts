/**
 * `npm run budget`: builds the app into .out/budget/dist, prints the gzip -9
 * size of the JS and CSS the landing route `/` needs (index.html's tags and
 * their static imports, not lazy chunks) and of the whole app, and exits
 * non-zero when the landing route exceeds budget.json or bundles code that
 * must load only on its own screen.
 */
import { readFileSync } from 'node:fs';
import { judgeBudget, parseBudget } from './perf/budget-check.ts';
import { buildApp } from './perf/build-app.ts';
import { filesHolding, findLazyOnlyLeaks } from './perf/lazy-only.ts';

const OUT_DIR = '.out/budget/dist';

const budget = parseBudget(JSON.parse(readFileSync('budget.json', 'utf8')));
const { sizes, chunkModules } = await buildApp(OUT_DIR);
const leaks = findLazyOnlyLeaks(
  sizes.landing.map((file) => file.path),
  chunkModules,
  budget.lazyOnly,
);
const holders = new Map(budget.lazyOnly.map((rule) => [rule.name, filesHolding(chunkModules, rule)]));
const verdict = judgeBudget(sizes, leaks, budget, holders);
console.log(verdict.lines.join('\n'));
process.exit(verdict.ok ? 0 : 1);
