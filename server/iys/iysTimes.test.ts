import { describe, expect, test } from 'vitest';
import { iysConsentDate, iysDeadline } from './iysTimes.ts';

describe('İYS times', () => {
  test('consentDate is Istanbul wall-clock time, YYYY-MM-DD HH:mm:ss', () => {
    expect(iysConsentDate(new Date('2026-11-25T21:30:05.900Z'))).toBe('2026-11-26 00:30:05');
  });

  test.each([
    ['Wednesday noon: Monday noon', '2026-11-25T09:00:00.000Z', '2026-11-30T09:00:00.000Z'],
    ['Friday: Wednesday', '2026-11-27T09:00:00.000Z', '2026-12-02T09:00:00.000Z'],
    ['Saturday: Wednesday', '2026-11-28T09:00:00.000Z', '2026-12-02T09:00:00.000Z'],
    ['Monday: Thursday', '2026-11-30T09:00:00.000Z', '2026-12-03T09:00:00.000Z'],
    // 22:30 UTC on Friday is 01:30 on Saturday in Istanbul: Wednesday 01:30 there (by UTC days it would be a day later).
    ['late Friday UTC, Saturday in Istanbul', '2026-11-27T22:30:00.000Z', '2026-12-01T22:30:00.000Z'],
  ])('the deadline is 3 business days later, weekends skipped (%s)', (_, event, deadline) => {
    expect(iysDeadline(new Date(event)).toISOString()).toBe(deadline);
  });
});
