import { describe, expect, test } from 'vitest';
import { afterMessageSent, describeFailure, failureKind, retryDelayMs, withJitter } from './retry.ts';

describe('backoff', () => {
  test('doubles from the first delay and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => retryDelayMs(attempt, 5000, 600_000))).toEqual([
      5000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000,
    ]);
    expect(retryDelayMs(10_000, 5000, 600_000)).toBe(600_000);
  });

  test('jitter spreads a delay by at most ±20 %', () => {
    expect(withJitter(1000, 0)).toBe(800);
    expect(withJitter(1000, 0.5)).toBe(1000);
    expect(withJitter(1000, 0.999999)).toBe(1200);
  });
});

describe('which failures are final', () => {
  const smtp = (responseCode: number, command: string, code = 'EPROTOCOL') =>
    Object.assign(new Error('x'), { responseCode, command, code });

  test.each([
    ['550 on RCPT TO (no such mailbox)', smtp(550, 'RCPT TO'), 'permanent'],
    ['554 on DATA (message rejected)', smtp(554, 'DATA', 'EMESSAGE'), 'permanent'],
    ['nodemailer EENVELOPE with a 5xx', smtp(553, 'RCPT TO', 'EENVELOPE'), 'permanent'],
    ['421 at the greeting (busy)', smtp(421, 'CONN'), 'transient'],
    ['451 on DATA (try later)', smtp(451, 'DATA'), 'transient'],
    ['535 on login (our configuration)', smtp(535, 'AUTH PLAIN', 'EAUTH'), 'transient'],
    ['550 on MAIL FROM (our sender address)', smtp(550, 'MAIL FROM'), 'transient'],
    ['550 on MAIL FROM as nodemailer reports it (EENVELOPE)', smtp(550, 'MAIL FROM', 'EENVELOPE'), 'transient'],
    ['554 on EHLO', smtp(554, 'EHLO', 'ECONNECTION'), 'transient'],
    [
      'a time-out after the whole message went out',
      afterMessageSent(Object.assign(new Error('Timeout'), { code: 'ETIMEDOUT', command: 'CONN' })),
      'unknown',
    ],
    [
      'a time-out before it went out',
      Object.assign(new Error('Timeout'), { code: 'ETIMEDOUT', command: 'CONN' }),
      'transient',
    ],
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }), 'transient'],
    ['outbox not writable', Object.assign(new Error('EACCES'), { code: 'EACCES' }), 'transient'],
    ['anything else', new Error('boom'), 'transient'],
  ])('%s: %s', (_name, error, kind) => {
    expect(failureKind(error)).toBe(kind);
  });

  test('the description keeps code, reply and message but never credentials of an SMTP URL', () => {
    const error = Object.assign(new Error('Invalid login for smtp://user:secret@mail.example:587'), {
      code: 'EAUTH',
      responseCode: 535,
    });
    expect(describeFailure(error)).toBe('EAUTH 535 Invalid login for smtp://…@mail.example:587');
  });
});
