import { expect, test } from 'vitest';
import { databaseErrorReason, isDatabaseUnreachable } from './databaseUnreachable.ts';

// Which failures answer 503 "try again" (docs/operations.md#when-postgresql-is-down) and which stay faults (500).
const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

test('a refused, reset or timed-out connection, and PostgreSQL shutting down, count as unreachable', () => {
  for (const code of [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'ENOTFOUND',
    '08006',
    '08001',
    '57P01',
    '57P03',
    '53300',
  ])
    expect(isDatabaseUnreachable(withCode(code)), code).toBe(true);
  expect(isDatabaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
  // A host with two addresses, both refusing.
  expect(isDatabaseUnreachable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''))).toBe(
    true,
  );
});

test('a wrong statement, a broken constraint, a statement or lock wait past its time-out, SQLite errors and non-errors are not', () => {
  // A statement time-out (57014) or lock time-out (55P03) is a busy database, not an unreachable one (issue 45).
  for (const code of ['42601', '23505', '22001', '57014', '55P03', 'ERR_SQLITE_ERROR'])
    expect(isDatabaseUnreachable(withCode(code)), code).toBe(false);
  expect(isDatabaseUnreachable(new Error('syntax error at or near "selec"'))).toBe(false);
  expect(isDatabaseUnreachable(undefined)).toBe(false);
  expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
});

test('the reason an operator reads names the refused address, also when every address of a host refused', () => {
  expect(databaseErrorReason(new Error('password authentication failed for user "shop"'))).toBe(
    'password authentication failed for user "shop"',
  );
  const both = new AggregateError(
    [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432'),
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
    ],
    '',
  );
  expect(databaseErrorReason(both)).toBe('connect ECONNREFUSED ::1:5432');
});
