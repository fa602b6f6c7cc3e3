import type { CheckAuthResponse } from '../../shared/preview/schemas.ts';
import { parseCalendarDate } from '../../lib/format/date.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Local `YYYY-MM-DD` and `HH:MM` of an instant, as the date and time inputs want them. */
export function localDateAndTime(instant: Date): { date: string; time: string } {
  return {
    date: `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`,
    time: `${pad(instant.getHours())}:${pad(instant.getMinutes())}`,
  };
}

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/**
 * The preview moment from the panel's local date and time inputs, as an ISO 8601 instant.
 * A date that is not a real day written YYYY-MM-DD means the current time (docs/preview.md#preview-date-and-time);
 * a missing or invalid time means midnight of that date.
 */
export function previewDateTime(date: string, time: string, now: Date = new Date()): string {
  const day = parseCalendarDate(date, 'yyyy-mm-dd');
  if (!day) return now.toISOString();
  const timeMatch = TIME_PATTERN.exec(time);
  const [hours, minutes] = timeMatch ? [Number(timeMatch[1]), Number(timeMatch[2])] : [0, 0];
  return new Date(day.year, day.month - 1, day.day, hours, minutes).toISOString();
}

/** True when the session previews another moment or forces an A/B test. */
export function isPreviewActive(auth: CheckAuthResponse): boolean {
  return Boolean(auth.dateTime || auth.abTestName);
}

/**
 * What the always-visible toggle says while a preview is active, so staff never forget they are in one:
 * the preview moment (local, `YYYY-MM-DD HH:MM`) and the forced test/group.
 */
export function activePreviewSummary(auth: CheckAuthResponse): string {
  const parts: string[] = [];
  if (auth.dateTime) {
    const { date, time } = localDateAndTime(new Date(auth.dateTime));
    parts.push(`${date} ${time}`);
  }
  if (auth.abTestName) parts.push(`${auth.abTestName} / ${auth.abTestGroup ?? '?'}`);
  return parts.join(' · ');
}
