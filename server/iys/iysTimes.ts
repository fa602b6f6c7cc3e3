/** İYS reads every date in Turkish time (docs/newsletter.md#iys). */
export const IYS_TIME_ZONE = 'Europe/Istanbul';

/** Business days İYS allows between a consent or withdrawal and its registration (docs/constants.md#timings). */
export const IYS_DEADLINE_BUSINESS_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

const istanbulParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: IYS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});

function partsOf(instant: Date): Record<string, string> {
  return Object.fromEntries(istanbulParts.formatToParts(instant).map((part) => [part.type, part.value]));
}

/** An instant as İYS's `consentDate` wants it: `YYYY-MM-DD HH:mm:ss`, Europe/Istanbul wall-clock time. */
export function iysConsentDate(instant: Date): string {
  const p = partsOf(instant);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** Whether the Istanbul calendar day of an instant is a business day. Public holidays are approximated by weekends. */
function isBusinessDay(instant: Date): boolean {
  const weekday = partsOf(instant).weekday;
  return weekday !== 'Sat' && weekday !== 'Sun';
}

/**
 * The instant by which İYS must have a consent or withdrawal made at `event`: the same time of day,
 * `businessDays` Istanbul business days later (Saturdays and Sundays skipped). Turkish public holidays are not
 * known here and are approximated by weekends (docs/newsletter.md#iys), so a deadline next to a holiday is one
 * day late at most; the worker sends within minutes anyway.
 */
export function iysDeadline(event: Date, businessDays = IYS_DEADLINE_BUSINESS_DAYS): Date {
  let at = event;
  let counted = 0;
  while (counted < businessDays) {
    // Istanbul keeps UTC+3 all year (no daylight saving), so a day is always 24 hours there.
    at = new Date(at.getTime() + DAY_MS);
    if (isBusinessDay(at)) counted += 1;
  }
  return at;
}
