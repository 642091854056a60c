import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { perConnection } from '../../../../server/db/database.ts';

it('prepares a set of statements once a connection, and again for another connection', () => {
  let made = 0;
  const statements = perConnection((db) => {
    made += 1;
    return { one: db.prepare('SELECT 1') };
  });
  const first = new Database(':memory:');
  const second = new Database(':memory:');
  try {
    expect(statements(first)).toBe(statements(first));
    expect(statements(second)).not.toBe(statements(first));
    expect(made).toBe(2);
  } finally {
    first.close();
    second.close();
  }
});
