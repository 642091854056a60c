/**
 * `npm run n8n -- <verb>`: the n8n workflows' commands.
 *
 *   npm run n8n -- workflow    regenerate every n8n/*.workflow.json, n8n/schema.sql, the roster SQL and
 *                              server/contract/request.schema.json from their sources
 *   npm run n8n -- test [...]  prove the workflows against a running n8n (tests/n8n/run.ts; not part of npm test)
 */
import { spawnSync } from 'node:child_process';

const VERBS = { workflow: 'n8n/source/generate.ts', test: 'tests/n8n/run.ts' } as const;

const [verb = '', ...rest] = process.argv.slice(2);
const file = (VERBS as Record<string, string>)[verb];
if (!file) {
  console.error(`Usage: npm run n8n -- ${Object.keys(VERBS).join(' | ')}`);
  process.exit(2);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', file, ...rest], { stdio: 'inherit' });
process.exit(result.status ?? 1);
