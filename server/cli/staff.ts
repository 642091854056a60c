/**
 * `npm run staff -- <verb>`: the staff accounts of the inbox at /staff.
 *
 *   npm run staff -- add EMAIL [--name "Priya Sharma"] [--admin]   make an account, or set a new password
 *   npm run staff -- promote EMAIL                                 give it the admin role: it may change the roster
 *   npm run staff -- demote EMAIL                                  take the admin role away
 *   npm run staff -- remove EMAIL                                  remove it, signing it out everywhere
 *   npm run staff -- list
 *
 * `add` asks for the password twice on a terminal, or reads STAFF_PASSWORD
 * when there is none (a script, a container). The password is kept only as
 * a scrypt hash. The name is what parents see beside a reply (the part of
 * the email before @ when none is given).
 */
import { parseArgs } from 'node:util';
import { nameProblem } from '../../src/shared/rules/name.ts';
import { loadConfig } from '../config.ts';
import { hashSecret, PASSWORD_COST } from '../conversation/secrets.ts';
import { openDatabase } from '../db/database.ts';
import { normaliseEmail, passwordProblem } from '../staff/rules.ts';

const USAGE =
  'Usage: npm run staff -- add EMAIL [--name "Full Name"] [--admin] | promote EMAIL | demote EMAIL | remove EMAIL | list';
const VERBS = ['add', 'promote', 'demote', 'remove', 'list'] as const;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** Reads one line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    process.stdout.write(prompt);
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let typed = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\u0003') {
          process.stdout.write('\n');
          process.exit(130);
        }
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(typed);
          return;
        }
        typed = char === '\u007f' || char === '\b' ? typed.slice(0, -1) : typed + char;
      }
    };
    stdin.on('data', onData);
  });
}

async function newPassword(account: { email: string; name: string }): Promise<string> {
  if (!process.stdin.isTTY) {
    const password = process.env.STAFF_PASSWORD ?? '';
    if (!password) fail('No terminal to ask for the password: set STAFF_PASSWORD.');
    return password;
  }
  const password = await askHidden('Password: ');
  const problem = passwordProblem(password, account);
  if (problem) fail(problem);
  if ((await askHidden('Password again: ')) !== password) fail('The two passwords differ; nothing was changed.');
  return password;
}

const { values, positionals } = parseArgs({
  options: { name: { type: 'string' }, admin: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const [rawVerb, rawEmail] = positionals;
const verb = VERBS.find((known) => known === rawVerb);
if (!verb) fail(USAGE);
const email = rawEmail === undefined ? undefined : normaliseEmail(rawEmail);
if (verb !== 'list' && !email) fail(`${USAGE}\n(not an email: "${rawEmail ?? ''}")`);
// Parents see the name beside every reply: one line, reading the way it was typed.
if (values.name !== undefined && nameProblem(values.name) !== undefined) {
  fail('The name cannot contain control characters or characters that change the direction of text, such as U+202E.');
}

const { databasePath } = loadConfig();

async function run(): Promise<void> {
  if (verb === 'add' && email) {
    const name = values.name?.trim() || email.split('@')[0] || email;
    const password = await newPassword({ email, name });
    // Also for STAFF_PASSWORD, which no prompt has checked.
    const problem = passwordProblem(password, { email, name });
    if (problem) fail(problem);
    const hash = await hashSecret(password, PASSWORD_COST);
    const db = openDatabase(databasePath);
    try {
      const existed = db.prepare('SELECT 1 FROM staff WHERE email = ?').get(email) !== undefined;
      db.transaction(() => {
        db.prepare(
          `INSERT INTO staff (email, name, password_hash, created_at, admin) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash,
             name = CASE WHEN ? THEN excluded.name ELSE name END,
             admin = max(admin, excluded.admin)`,
        ).run(email, name, hash, new Date().toISOString(), values.admin ? 1 : 0, values.name ? 1 : 0);
        // A new password signs the account out everywhere.
        db.prepare('DELETE FROM staff_sessions WHERE staff_id = (SELECT id FROM staff WHERE email = ?)').run(email);
        db.prepare('DELETE FROM staff_sign_in_failures WHERE email = ?').run(email);
      })();
      const role = values.admin ? ', with the admin role' : '';
      console.log(
        existed ? `New password set for ${email}${role}` : `Staff account ${email} added${role}: sign in at /staff`,
      );
    } finally {
      db.close();
    }
    return;
  }
  const db = openDatabase(databasePath);
  try {
    if ((verb === 'promote' || verb === 'demote') && email) {
      const admin = verb === 'promote' ? 1 : 0;
      const changed = db.prepare('UPDATE staff SET admin = ? WHERE email = ?').run(admin, email).changes;
      const done = admin ? `${email} has the admin role: it may change the roster` : `${email} is no longer an admin`;
      console.log(changed ? done : `No staff account ${email}`);
      if (!changed) process.exitCode = 1;
      return;
    }
    if (verb === 'remove' && email) {
      const removed = db.prepare('DELETE FROM staff WHERE email = ?').run(email).changes;
      console.log(removed ? `Removed ${email}` : `No staff account ${email}`);
      return;
    }
    const rows = db
      .prepare<[], { email: string; name: string; admin: number }>(
        'SELECT email, name, admin FROM staff ORDER BY email',
      )
      .all();
    const line = (row: (typeof rows)[number]) => `${row.email}  (${row.name})${row.admin ? '  admin' : ''}`;
    console.log(rows.length > 0 ? rows.map(line).join('\n') : 'No staff accounts yet');
  } finally {
    db.close();
  }
}

await run();
