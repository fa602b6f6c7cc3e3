import type { CheckAuthResponse } from '../../shared/preview/schemas.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Local `YYYY-MM-DD` and `HH:MM` of an instant, as the date and time inputs want them. */
export function localDateAndTime(instant: Date): { date: string; time: string } {
  return {
    date: `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`,
    time: `${pad(instant.getHours())}:${pad(instant.getMinutes())}`,
  };
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
