import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations.ts';

export type Db = Database.Database;

/**
 * `make` once per connection: what prepares a set of statements that every user of the connection can share (they
 * keep no state of their own), so a start, a test's server or a daily erasure compiles none of them twice. Kept in a
 * WeakMap by connection, so a closed database takes its set with it.
 */
export function perConnection<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

/** Parents' names, numbers, messages and files: for the server's own user only. */
const OWNER_ONLY_FILE = 0o600;
const OWNER_ONLY_FOLDER = 0o700;

/**
 * The database file readable by its owner only, made so before SQLite
 * writes a byte (SQLite gives its -wal and -shm files the same mode). A
 * folder made for it is private too; an existing folder is left as it is,
 * since it may be shared (/srv, a home folder). A file an older server made
 * with the umask's mode is narrowed on start.
 */
function makePrivateFile(path: string): void {
  const folder = dirname(path);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: OWNER_ONLY_FOLDER });
  closeSync(openSync(path, 'a', OWNER_ONLY_FILE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file)) chmodSync(file, OWNER_ONLY_FILE);
  }
}

/**
 * Opens (or makes) the portal's one SQLite file. WAL lets `npm run forget`
 * and `npm run staff` work while the server runs; `synchronous = FULL`
 * makes every commit reach the disk before the server answers, so a 2xx
 * answer means the request survives a crash or a power cut (measured at
 * ~0.15 ms a commit). `secure_delete` overwrites what retention and
 * `npm run forget` remove, so erased data does not linger in free pages of
 * the file.
 */
export function openDatabase(path: string): Db {
  makePrivateFile(path);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('secure_delete = ON');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length) {
    throw new Error(`The database is from a newer server (schema ${version}); this one knows ${MIGRATIONS.length}`);
  }
  const pending = MIGRATIONS.slice(version);
  db.transaction(() => {
    pending.forEach((sql, index) => {
      db.exec(sql);
      db.pragma(`user_version = ${version + index + 1}`);
    });
  }).immediate();
}
