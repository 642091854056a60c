import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../../server/db/database.ts';
import { readRosterFile } from '../../../../server/roster/roster-file.ts';
import { createRosterAdmin } from '../../../../server/roster/roster-admin.ts';
import { createRoster, seedRoster } from '../../../../server/roster/roster-store.ts';
import { TEST_ROSTER_PATH } from '../../../support/test-portal.ts';

const SEED_PATH = join(import.meta.dirname, '../../../../server/roster.seed.json');
const dirs: string[] = [];
const dbs: Db[] = [];

function tempDb(): Db {
  const dir = mkdtempSync(join(tmpdir(), 'thrive-roster-'));
  dirs.push(dir);
  const db = openDatabase(join(dir, 'portal.db'));
  dbs.push(db);
  return db;
}

/** A roster file of `content`, in a folder removed after the test; its path. */
function writeRoster(content: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'thrive-roster-'));
  dirs.push(dir);
  const path = join(dir, 'roster.json');
  writeFileSync(path, JSON.stringify(content));
  return path;
}

afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the roster', () => {
  it('finds the demo parent the README names, by the number as a parent types it', () => {
    const db = tempDb();
    seedRoster(db, readRosterFile(SEED_PATH));
    const asha = createRoster(db).find({ name: 'Asha Verma', number: '9876543210' });
    expect(asha?.facilitator).toEqual({ name: 'Priya Sharma', slackChannel: '#facilitator-priya-sharma' });
    expect(asha?.sessions).toHaveLength(8);
  });

  it('is seeded on the first start only, so the team’s later changes survive a restart', () => {
    const db = tempDb();
    expect(seedRoster(db, readRosterFile(TEST_ROSTER_PATH))).toBe(true);
    db.prepare("DELETE FROM sessions WHERE start_time = '09:00'").run();
    expect(seedRoster(db, readRosterFile(TEST_ROSTER_PATH))).toBe(false);
    expect(createRoster(db).find({ name: 'Test Parent', number: '+919000000001' })?.sessions).toHaveLength(3);
  });

  it('is not seeded again once staff have removed every parent: an empty roster they made stays empty', () => {
    const db = tempDb();
    const roster = readRosterFile(TEST_ROSTER_PATH);
    seedRoster(db, roster);
    const admin = createRosterAdmin(db);
    const everyone = admin.entries();
    expect(admin.apply({ removed: everyone }, 'Meera Nair <meera@thrive.example>', new Date())).toBe(true);
    // Removing them again finds them gone: nothing is applied, nothing recorded.
    expect(admin.apply({ removed: everyone }, 'Meera Nair <meera@thrive.example>', new Date())).toBe(false);
    expect(db.prepare('SELECT count(*) FROM roster_changes').pluck().get()).toBe(2);
    expect(seedRoster(db, roster)).toBe(false);
    expect(db.prepare('SELECT count(*) FROM parents').pluck().get()).toBe(0);
  });

  it.each([
    [
      'a session on a day that does not exist',
      { day: 'Funday', time: '10:00', facilitator: 'meera-nair' },
      'must be equal to one of the allowed values',
    ],
    ['a time past 23:59', { day: 'Monday', time: '24:00', facilitator: 'meera-nair' }, 'must match pattern'],
  ])('refuses a seed file with %s, naming the place', (_case, session, message) => {
    const path = writeRoster({
      facilitators: [{ id: 'meera-nair', name: 'Meera Nair', slackChannel: '#meera' }],
      parents: [{ name: 'P', number: '9000000001', facilitator: 'meera-nair', sessions: [session] }],
    });
    expect(() => readRosterFile(path)).toThrow(message);
    expect(() => readRosterFile(path)).toThrow('/parents/0/sessions/0/');
  });

  it('refuses a seed file with a name that turns the direction of text, naming the place', () => {
    const path = writeRoster({
      facilitators: [{ id: 'meera-nair', name: 'Meera \u202Eriah', slackChannel: '#meera' }],
      parents: [{ name: 'P', number: '9000000001', facilitator: 'meera-nair', sessions: [] }],
    });
    expect(() => readRosterFile(path)).toThrow('/facilitators/0/name cannot contain control characters or characters');
  });

  it('refuses a seed parent whose facilitator does not exist, and seeds nothing', () => {
    const db = tempDb();
    const roster = readRosterFile(TEST_ROSTER_PATH);
    const broken = { ...roster, parents: roster.parents.map((parent) => ({ ...parent, facilitator: 'nobody' })) };
    expect(() => seedRoster(db, broken)).toThrow('FOREIGN KEY constraint failed');
    expect(db.prepare('SELECT count(*) FROM facilitators').pluck().get()).toBe(0);
  });
});
