/**
 * `npm run bench -- budget [outDir]`: builds the app into outDir (.out/budget/dist by default), prints the gzip -9
 * size of what the landing route `/` needs before the app runs (its
 * prerendered HTML with the inlined CSS, the entry script and its static
 * imports, not lazy chunks) and of the whole app, and exits non-zero when the
 * landing route exceeds budget.json or bundles code that must load only on
 * its own screen.
 */
import { readFileSync } from 'node:fs';
import { judgeBudget, parseBudget } from './perf/budget.ts';
import { buildApp } from './perf/bundle.ts';

const budget = parseBudget(JSON.parse(readFileSync('budget.json', 'utf8')));
const verdict = judgeBudget(await buildApp(process.argv[2] ?? '.out/budget/dist'), budget);
console.log(verdict.lines.join('\n'));
process.exit(verdict.ok ? 0 : 1);
