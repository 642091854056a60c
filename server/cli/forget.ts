/**
 * `npm run forget -- --number <phone>`: erases everything the reference
 * server stores for a phone number (a parent's right under India's DPDP
 * Act): every request sent with it, however it was typed, with its answer,
 * request_id and files, its chat thread with staff's replies, its verified
 * devices' tokens and push subscriptions, the parent's notification settings, and its roster entry with the weekly
 * sessions. It prints what it removed. It can run while the server does.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { forgetNumber } from '../db/erase.ts';
import { phoneKey } from '../../src/shared/rules/phone.ts';
import { formatFileSize } from '../../src/shared/rules/sizes.ts';

const plural = (count: number, word: string, words = `${word}s`) => `${count} ${count === 1 ? word : words}`;

const { values } = parseArgs({ options: { number: { type: 'string' } } });
const key = phoneKey(values.number ?? '');
if (!key) {
  console.error(`Usage: npm run forget -- --number <phone>, with a valid phone number (got "${values.number ?? ''}")`);
  process.exit(2);
}

const { databasePath } = loadConfig();
if (!existsSync(databasePath)) {
  console.log(`No database at ${databasePath}: nothing is stored for ${key}.`);
  process.exit(0);
}

const db = openDatabase(databasePath);
try {
  const gone = forgetNumber(db, key);
  console.log(`Erased everything stored for ${key} in ${databasePath}:`);
  console.log(`  ${plural(gone.requests, 'request')}, with their answers and request_ids`);
  console.log(`  ${plural(gone.attachments, 'attachment')}`);
  console.log(`  the chat thread, with ${plural(gone.replies, 'staff reply', 'staff replies')}`);
  console.log(`  ${plural(gone.tokens, 'verified device')} signed out (their tokens revoked)`);
  console.log(`  ${plural(gone.pushSubscriptions, 'push subscription')}, with the notifications waiting to go`);
  console.log(`  ${plural(gone.files, 'stored file')} no other request uses (${formatFileSize(gone.fileBytes)})`);
  const parent = gone.rosterParent;
  console.log(
    parent
      ? `  the roster entry "${parent.name}" with ${plural(parent.sessions, 'weekly session')}`
      : '  no roster entry (the number was not on the roster)',
  );
} finally {
  db.close();
}
