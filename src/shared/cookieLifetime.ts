/**
 * How long the cookies that remember a visitor's choice or group live, in seconds (docs/constants.md#timings): the
 * view changer's `platform`, `consent_choices` and `ab_visitor`. One year, so a choice outlasts a season but not forever.
 */
export const REMEMBERED_CHOICE_MAX_AGE_SECONDS = 365 * 24 * 3600;
