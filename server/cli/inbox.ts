/**
 * `npm run inbox`: prints the latest requests the webhook stored, newest
 * first, for the programme team. Reads the database read-only, so it can run
 * while the server does.
 *
 *   npm run inbox                       the latest 20
 *   npm run inbox -- --limit 100        more
 *   npm run inbox -- --action chat_facilitator
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { loadConfig } from '../config.ts';
import { formatEntry } from '../inbox/format-entry.ts';
import { latestRequests } from '../inbox/latest-requests.ts';

const { values } = parseArgs({
  options: { limit: { type: 'string', default: '20' }, action: { type: 'string' } },
});
const limit = Number(values.limit);
if (!Number.isInteger(limit) || limit < 1) {
  console.error(`--limit must be a whole number above 0, got "${values.limit}"`);
  process.exit(2);
}

const { databasePath } = loadConfig();
if (!existsSync(databasePath)) {
  console.log(`No database at ${databasePath} yet: start the server (npm start) and send something first.`);
  process.exit(0);
}

const db = new Database(databasePath, { readonly: true, fileMustExist: true });
try {
  const entries = latestRequests(db, { limit, action: values.action });
  const total = db.prepare('SELECT count(*) FROM requests').pluck().get() as number;
  console.log(`${databasePath}: ${total} request${total === 1 ? '' : 's'} stored, newest first\n`);
  console.log(entries.length > 0 ? entries.map(formatEntry).join('\n\n') : '(nothing yet)');
} finally {
  db.close();
}
