/**
 * Days a sign-up waits for its confirmation: the confirmation link's lifetime, after which an unconfirmed sign-up is
 * deleted. The TR legal notice promises it as `{{unconfirmedDays}}` (docs/newsletter.md#legal-texts-and-age); the
 * service's `DOI_TOKEN_LIFETIME_MS` is made from it, so promise and behaviour cannot drift apart.
 */
export const UNCONFIRMED_SIGN_UP_DAYS = 14;

/**
 * Years without an opened e-bulletin after which sending stops, as the TR legal notice and welcome mail promise it
 * (`{{unopenedYears}}`; docs/newsletter.md#legal-texts-and-age).
 */
export const UNOPENED_STOP_YEARS = 2;

/** The placeholders of the sign-up's and the mails' texts that name these periods, filled in. */
export const subscriptionPeriodValues = {
  unconfirmedDays: UNCONFIRMED_SIGN_UP_DAYS,
  unopenedYears: UNOPENED_STOP_YEARS,
} as const;
