import { christmasSeedSet, seedValidFrom } from '../../server/promotion/seed.ts';

// The demo's Christmas campaign (DE, AT, CH) as a site seeded now schedules it: from the next 1 December at least a
// day ahead (server/promotion/seed.ts). A site seeded earlier in the same run has the same start, or, across that
// day's boundary, one a year earlier that is still live then: the campaign has no end, so a moment in this one shows
// it either way.

/** The campaign's first moment: 1 December, 00:00 in Central European Time. */
const christmasStart = seedValidFrom(christmasSeedSet.validFrom, new Date());

/** 24 December of the campaign, 10:00 in Berlin (09:00 UTC): a moment inside it. */
export const christmasEve = new Date(christmasStart.getTime() + (23 * 24 + 10) * 60 * 60 * 1000);

/** `christmasEve` as the preview indicator shows it in a German shop: `24.12.2027, 10:00`. */
export const christmasEveShown = `24.12.${christmasEve.getUTCFullYear()}, 10:00`;
