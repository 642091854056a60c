import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../../server/db/database.ts';
import { MIGRATIONS } from '../../../../server/db/migrations.ts';
import { columnsOf } from '../../../../server/db/requests-table.ts';

/**
 * The SHA-256 of each migration as it shipped. A database may already have
 * had these steps, so changing one would leave it unlike a new database: a
 * change to the schema is a new migration, whose hash is added here.
 */
const SHIPPED = [
  '6e21d621f52ed83d80e60b9976759a2e157f2825fe4ff9e8ecc05c9f5a5cfd86',
  'd5c2846c4239a4099041204e31b2080e68534e183c1a4d846648116985f00e3e',
  '8371822f6c6681dea73e369eed9f50fdb6d17e6d176a9ce7fe406ddeedd35e6a',
  '7af383ea08a8f347a5b50a176326718e7182e7d25e1d54f663599921e6b17d08',
  'c8063ffc5dfcc92915b9137e8b98b03953a443d09e2efd7f4f5c897ced7f5f1a',
  '913fa430fc74cfe644e961d17e2258d80a87813f407ecbc4396ad547a4f8c57b',
  'c398f153adf49f59a0ce49d132be7ae6baf0e2098f4a6725702c07040c257d18',
  '62d7babc84e90ef2e9e8b5fa20d50e0264823743b55f2bbdf27749f76ab604c6',
  '170754e4e48ee677630aa1fecff54d45485d2c60fe18ff2fda6a99880ae283d0',
  '5ef0c4661305c64146326ae098e60dcf84337f4625315dbd2814671d39692848',
  'ce52f1b1c4e75574f2da5bd0522b6fce0139983f5d7602c5e1955d27a9a2d0af',
  '9f729ce1d01b3db521f964a445e543aead53069f38f860bee758482fe3b64a1d',
  '050d610927ed1c3a1ea2184698e91135c5d4c4007b98570028cb76278e9ec359',
];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'thrive-migrations-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const schemaOf = (db: Db) =>
  db.prepare("SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all();

describe('the SQLite migrations', () => {
  it('has each step as it shipped, and a hash for every step', () => {
    expect(MIGRATIONS.map((sql) => createHash('sha256').update(sql).digest('hex'))).toEqual(SHIPPED);
  });

  it('brings a database made by the first server to the same schema as a new one, keeping its rows', () => {
    const oldPath = join(dir, 'old.db');
    const old = new Database(oldPath);
    old.exec(MIGRATIONS[0] ?? '');
    old.pragma('user_version = 1');
    old
      .prepare(
        `INSERT INTO requests (request_id, body_hash, action, user_name, user_number, payload, timestamp_ist,
          received_at, response_status, response_body) VALUES ('a', 'h', 'know_schedule', 'Asha', '9876543210', '{}',
          '2026-11-23T07:21:45.120+05:30', '2026-11-23T01:51:45.120Z', 200, '{}')`,
      )
      .run();
    old.close();

    const migrated = openDatabase(oldPath);
    const fresh = openDatabase(join(dir, 'new.db'));
    expect(schemaOf(migrated)).toEqual(schemaOf(fresh));
    expect(migrated.prepare('SELECT number_key FROM requests').pluck().all()).toEqual(['+919876543210']);
    migrated.close();
    fresh.close();
  });

  it('makes each parent’s settings those a phone of theirs still signed in saved last, but show_text', () => {
    const oldPath = join(dir, 'old.db');
    const old = new Database(oldPath);
    for (const step of MIGRATIONS.slice(0, 12)) old.exec(step);
    old.pragma('user_version = 12');
    const token = old.prepare('INSERT INTO parent_tokens VALUES (?, ?, ?, ?)');
    const settings = old.prepare('INSERT INTO push_settings VALUES (?, ?, ?, ?)');
    token.run('older', '+919000000001', '2026-11-01T00:00:00Z', '2027-01-01T00:00:00Z');
    token.run('newer', '+919000000001', '2026-11-02T00:00:00Z', '2027-01-01T00:00:00Z');
    settings.run('older', '{"replies":false}', 'en', '2026-11-01T00:00:00Z');
    settings.run('newer', '{"show_text":true,"text_fallback":false}', 'hi', '2026-11-03T00:00:00Z');
    old.close();

    const migrated = openDatabase(oldPath);
    expect(migrated.prepare('SELECT number_key, settings, language FROM parent_settings').all()).toEqual([
      { number_key: '+919000000001', settings: '{"text_fallback":false}', language: 'hi' },
    ]);
    migrated.close();
  });

  it('makes the requests table of the columns requests-table.ts lists for SQLite, each added in its step', () => {
    const db = openDatabase(join(dir, 'portal.db'));
    const columns = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('requests');
    const bySince = columnsOf('sqlite').toSorted((a, b) => (a.since ?? 1) - (b.since ?? 1));
    expect(columns).toEqual(bySince.map(({ name }) => name));
    db.close();
  });
});
