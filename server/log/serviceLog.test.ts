import { afterEach, expect, test } from 'vitest';
import { configureLog, serviceLog, withRequestId } from './serviceLog.ts';

// The two formats of the log (docs/operations.md#logs): readable lines by default, JSON for a collector; addresses
// masked in both.
afterEach(() => configureLog('text'));

function captured(format: 'text' | 'json') {
  const out: string[] = [];
  const err: string[] = [];
  configureLog(format, {
    out: { write: (line: string) => out.push(line) },
    err: { write: (line: string) => err.push(line) },
  });
  return { out, err };
}

test('text: the message as it was, its fields after it; warnings and errors on stderr', () => {
  const { out, err } = captured('text');
  serviceLog.info('Mail goes to the outbox folder');
  withRequestId('req-1', () => serviceLog.warn('Mail to anna.schmidt@example.com refused', { mailJob: 7 }));
  expect(out).toEqual(['Mail goes to the outbox folder\n']);
  expect(err).toEqual(['Mail to a***@example.com refused (requestId=req-1, mailJob=7)\n']);
});

test('json: one object a line with time, level and message; collector-only lines too', () => {
  const { out, err } = captured('json');
  withRequestId('req-2', () => serviceLog.error('Cannot reach bob@example.org', { shop: 'de' }));
  serviceLog.collected('request', { status: 201 });
  expect(err).toEqual([]);
  expect(out.map((line) => JSON.parse(line) as unknown)).toEqual([
    {
      time: expect.any(String),
      level: 'error',
      requestId: 'req-2',
      shop: 'de',
      message: 'Cannot reach b***@example.org',
    },
    { time: expect.any(String), level: 'info', status: 201, message: 'request' },
  ]);
});

test('text: collector-only lines are left out', () => {
  const { out, err } = captured('text');
  serviceLog.collected('request', { status: 201 });
  expect([...out, ...err]).toEqual([]);
});
