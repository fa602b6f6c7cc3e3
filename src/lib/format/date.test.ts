import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { uiLocales } from '../../shared/locales.ts';
import { datePatternOf, maskDateInput, parseCalendarDate, type DatePattern } from './date.ts';

const patterns: DatePattern[] = ['dd.mm.yyyy', 'yyyy.mm.dd'];

describe('date helpers', () => {
  test.each([
    ['29.02.2024', 'dd.mm.yyyy', { year: 2024, month: 2, day: 29 }],
    ['29.02.2023', 'dd.mm.yyyy', null],
    ['31.04.2026', 'dd.mm.yyyy', null],
    ['00.01.2026', 'dd.mm.yyyy', null],
    ['01.13.2026', 'dd.mm.yyyy', null],
    ['2026.12.31', 'yyyy.mm.dd', { year: 2026, month: 12, day: 31 }],
    ['2026.12.31', 'dd.mm.yyyy', null],
    ['7.3.2026', 'dd.mm.yyyy', null],
    // What a date input gives (the preview panel's date).
    ['2028-02-29', 'yyyy-mm-dd', { year: 2028, month: 2, day: 29 }],
    ['2026-02-30', 'yyyy-mm-dd', null],
    ['2026-13-01', 'yyyy-mm-dd', null],
    ['2026-2-1', 'yyyy-mm-dd', null],
    ['2026-11-21T10:00', 'yyyy-mm-dd', null],
    ['2026.11.21', 'yyyy-mm-dd', null],
  ] as const)('parses %j as %s → %j', (text, pattern, expected) => {
    expect(parseCalendarDate(text, pattern)).toEqual(expected);
  });

  test.each([
    ['0703', 'dd.mm.yyyy', '07.03'],
    ['07032026', 'dd.mm.yyyy', '07.03.2026'],
    ['07/03/2026 12:00', 'dd.mm.yyyy', '07.03.2026'],
    ['202603', 'yyyy.mm.dd', '2026.03'],
    ['2026-03-07', 'yyyy.mm.dd', '2026.03.07'],
    ['07.', 'dd.mm.yyyy', '07'],
  ] as const)('masks %j typed as %s → %j', (input, pattern, expected) => {
    expect(maskDateInput(input, pattern)).toBe(expected);
  });

  const calendarDate = fc
    .date({ min: new Date(Date.UTC(1, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
    .map((d) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }));

  const pad = (value: number, length: number) => String(value).padStart(length, '0');

  fcTest.prop([calendarDate, fc.constantFrom(...patterns)])(
    'every real day, typed as digits into the masked field, reads as that day',
    (date, pattern) => {
      const [day, month, year] = [pad(date.day, 2), pad(date.month, 2), pad(date.year, 4)];
      const typed = pattern === 'dd.mm.yyyy' ? day + month + year : year + month + day;
      expect(parseCalendarDate(maskDateInput(typed, pattern), pattern)).toEqual(date);
    },
  );

  fcTest.prop([fc.string({ maxLength: 30 }), fc.constantFrom(...patterns)])(
    'masked input is digits and dots only, at most 10 long, stable',
    (input, pattern) => {
      const masked = maskDateInput(input, pattern);
      expect(masked).toMatch(/^[0-9.]{0,10}$/);
      expect(maskDateInput(masked, pattern)).toBe(masked);
    },
  );
});

describe('datePatternOf', () => {
  test('Hungarian writes the year first, every other shop language the day first', () => {
    expect(Object.fromEntries(uiLocales.map((locale) => [locale, datePatternOf(locale)]))).toEqual({
      'de-DE': 'dd.mm.yyyy',
      'de-AT': 'dd.mm.yyyy',
      'de-CH': 'dd.mm.yyyy',
      'fr-CH': 'dd.mm.yyyy',
      'cs-CZ': 'dd.mm.yyyy',
      'hu-HU': 'yyyy.mm.dd',
      'sk-SK': 'dd.mm.yyyy',
      'tr-TR': 'dd.mm.yyyy',
      'pl-PL': 'dd.mm.yyyy',
    });
  });
});
