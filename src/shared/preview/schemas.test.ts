import { describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { abTestListSchema, checkAuthResponseSchema, checkSelection, isValidDate, previewDateTime } from './schemas.ts';

describe('checkSelection (docs/preview.md#selection-rules)', () => {
  test('an empty selection is valid', () => {
    expect(checkSelection({ test: '', group: '' })).toBeUndefined();
  });

  test('a test with a group is valid', () => {
    expect(checkSelection({ test: 'CHECKOUT_BUTTON_COLOR', group: 'GREEN' })).toBeUndefined();
  });

  test('a test without a group asks for the group, which is Required', () => {
    expect(checkSelection({ test: 'CHECKOUT_BUTTON_COLOR', group: '' })).toEqual({
      message: 'Please also select an A/B test group!',
      group: 'Required',
    });
  });
});

describe('dates (docs/preview.md#preview-date-and-time)', () => {
  test('accepts only real dates written YYYY-MM-DD', () => {
    expect(isValidDate('2026-11-21')).toBe(true);
    expect(isValidDate('2028-02-29')).toBe(true);
    for (const bad of ['', '21.11.2026', '2026-2-1', '2026-02-30', '2026-13-01', '2026-11-21T10:00']) {
      expect(isValidDate(bad), bad).toBe(false);
    }
  });

  test('turns local date and time into an instant', () => {
    expect(previewDateTime('2026-12-24', '18:30')).toBe(new Date(2026, 11, 24, 18, 30).toISOString());
  });

  test('an invalid date means the current time; a missing time means midnight', () => {
    const now = new Date('2026-11-21T09:15:00.000Z');
    expect(previewDateTime('2026-02-30', '10:00', now)).toBe('2026-11-21T09:15:00.000Z');
    expect(previewDateTime('', '', now)).toBe('2026-11-21T09:15:00.000Z');
    expect(previewDateTime('2026-12-24', '', now)).toBe(new Date(2026, 11, 24).toISOString());
  });
});

describe('service answers', () => {
  test('checkauth: missing preview fields read as null; an unknown status is refused', () => {
    expect(v.parse(checkAuthResponseSchema, { status: 'SUCCESS' })).toEqual({
      status: 'SUCCESS',
      dateTime: null,
      abTestName: null,
      abTestGroup: null,
    });
    expect(v.safeParse(checkAuthResponseSchema, { status: 'MAYBE' }).success).toBe(false);
  });

  test('gettestsat: tests need a name and named groups', () => {
    expect(v.safeParse(abTestListSchema, [{ name: 'T', groups: [{ name: 'A' }] }]).success).toBe(true);
    expect(v.safeParse(abTestListSchema, [{ name: '', groups: [] }]).success).toBe(false);
    expect(v.safeParse(abTestListSchema, [{ name: 'T', groups: [{}] }]).success).toBe(false);
  });
});
