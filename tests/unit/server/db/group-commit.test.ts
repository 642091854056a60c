import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../../server/db/database.ts';
import { createGroupCommit } from '../../../../server/db/group-commit.ts';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'thrive-commit-'));
  db = openDatabase(join(dir, 'portal.db'));
  db.exec('CREATE TABLE items (name TEXT PRIMARY KEY)');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const names = () => db.prepare('SELECT name FROM items ORDER BY name').pluck().all();

describe('group commit', () => {
  it('writes what arrives in one turn of the event loop in one transaction, and settles after the commit', async () => {
    const reader = new Database(join(dir, 'portal.db'), { readonly: true });
    const countSeenByReader = () => reader.prepare('SELECT count(*) FROM items').pluck().get();
    const seenWhileWriting: unknown[] = [];
    const save = createGroupCommit(db, (name: string) => {
      db.prepare('INSERT INTO items (name) VALUES (?)').run(name);
      seenWhileWriting.push(countSeenByReader());
    });
    const saved = ['a', 'b', 'c'].map((name) => save(name));
    expect(names()).toEqual([]);
    await Promise.all(saved);
    expect(seenWhileWriting).toEqual([0, 0, 0]);
    expect(countSeenByReader()).toBe(3);
    reader.close();
  });

  it('keeps the other writes of a batch when one of them fails, and rejects only that one', async () => {
    const save = createGroupCommit(db, (name: string) => {
      db.prepare('INSERT INTO items (name) VALUES (?)').run(name);
      if (name === 'bad') throw new Error('refused');
    });
    const results = await Promise.allSettled([save('first'), save('bad'), save('last')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(names()).toEqual(['first', 'last']);
  });

  it('rejects every write of a batch when the commit itself fails', async () => {
    const save = createGroupCommit(db, (name: string) => {
      db.prepare('INSERT INTO items (name) VALUES (?)').run(name);
    });
    db.exec('DROP TABLE items');
    const results = await Promise.allSettled([save('x'), save('y')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });

  it('starts a new batch after a flush', async () => {
    const save = createGroupCommit(db, (name: string) => {
      db.prepare('INSERT INTO items (name) VALUES (?)').run(name);
    });
    await save('one');
    await save('two');
    expect(names()).toEqual(['one', 'two']);
  });
});
