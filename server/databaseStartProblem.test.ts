import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { databaseStartProblem } from './databaseStartProblem.ts';

const sqliteError = (errcode: number, errstr: string) =>
  Object.assign(new Error(errstr), { code: 'ERR_SQLITE_ERROR', errcode, errstr });

describe('databaseStartProblem', () => {
  test.each([
    [5, 'database is locked', /is locked by another process \(database is locked\).*DB_PATH/],
    [6, 'database table is locked', /is locked by another process/],
    [261, 'database is locked', /is locked by another process/],
    [11, 'database disk image is malformed', /is damaged or not a database.*backup/],
    [26, 'file is not a database', /is damaged or not a database.*backup/],
  ])('SQLite code %i: one line naming the file and what to do', (errcode, errstr, expected) => {
    const line = databaseStartProblem('/data/storefront.sqlite', sqliteError(errcode, errstr));
    expect(line).toMatch(expected);
    expect(line).toContain('/data/storefront.sqlite');
    expect(line).not.toContain('\n');
  });

  test('any other error keeps its stack trace', () => {
    expect(databaseStartProblem('x', new Error('boom'))).toBeUndefined();
    expect(databaseStartProblem('x', sqliteError(1, 'no such table: x'))).toBeUndefined();
    expect(databaseStartProblem('x', undefined)).toBeUndefined();
  });

  test('errors of node:sqlite carry the code, errcode and errstr it reads', () => {
    const db = new DatabaseSync(':memory:');
    let thrown: unknown;
    try {
      db.exec('SELECT * FROM missing');
    } catch (error) {
      thrown = error;
    }
    db.close();
    // The shape (code, errcode, errstr) is what databaseStartProblem reads; 'no such table' itself is not explained.
    expect(thrown).toMatchObject({ code: 'ERR_SQLITE_ERROR', errcode: 1, errstr: expect.any(String) });
  });
});
