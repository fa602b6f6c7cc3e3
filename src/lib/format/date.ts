/** The two date layouts the shop shows (docs/constants.md#input-helpers). */
export type DatePattern = 'dd.mm.yyyy' | 'yyyy.mm.dd';

/** A calendar date without time or zone. `month` is 1–12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Layouts a date can be read in: the shop's two, and ISO 8601 `yyyy-mm-dd` as a date input gives it. */
export type DateLayout = DatePattern | 'yyyy-mm-dd';

const dayFirst = /^(\d{2})\.(\d{2})\.(\d{4})$/;
const yearFirst: Record<Exclude<DateLayout, 'dd.mm.yyyy'>, RegExp> = {
  'yyyy.mm.dd': /^(\d{4})\.(\d{2})\.(\d{2})$/,
  'yyyy-mm-dd': /^(\d{4})-(\d{2})-(\d{2})$/,
};

/** Reads a date written in a layout; null unless it is complete and a real calendar day (no 31.02.). */
export function parseCalendarDate(text: string, layout: DateLayout): CalendarDate | null {
  const match = (layout === 'dd.mm.yyyy' ? dayFirst : yearFirst[layout]).exec(text);
  if (!match) return null;
  const [day, month, year] = (
    layout === 'dd.mm.yyyy' ? [match[1], match[2], match[3]] : [match[3], match[2], match[1]]
  ).map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/**
 * Formats what is being typed into a date field: digits only (at most eight), with the dots inserted where the
 * pattern has them, so "0703" becomes "07.03" and "20260307" becomes "2026.03.07".
 */
export function maskDateInput(input: string, pattern: DatePattern): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  const cuts = pattern === 'dd.mm.yyyy' ? [2, 4] : [4, 6];
  let result = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (cuts.includes(i)) result += '.';
    result += digits[i];
  }
  return result;
}

/**
 * The date layout a locale writes, as the platform's own date format orders it: year first in Hungarian
 * (2026.03.07.), day first everywhere else. Read from `Intl`, so a new locale needs no entry here.
 */
export function datePatternOf(locale: string): DatePattern {
  const parts = new Intl.DateTimeFormat(locale).formatToParts(new Date(Date.UTC(2026, 2, 7)));
  const order = parts.filter((part) => part.type === 'year' || part.type === 'day').map((part) => part.type);
  return order[0] === 'year' ? 'yyyy.mm.dd' : 'dd.mm.yyyy';
}
