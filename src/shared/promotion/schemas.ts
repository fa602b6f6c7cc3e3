import * as v from 'valibot';
import { footerProblemSchema } from '../footer/footerProblem.ts';
import { isoInstantSchema } from '../preview/schemas.ts';

/** An instant with its time zone (`2026-12-01T00:00:00+01:00`, `…Z`): a version must not go live at a guessed hour. */
export const zonedInstantSchema = v.pipe(
  isoInstantSchema,
  v.regex(/(Z|[+-]\d{2}:?\d{2})$/i, 'must end with Z or a UTC offset such as +01:00'),
);

/** Longest A/B test or group name a version may be meant for (docs/constants.md#limits). */
export const AB_NAME_MAX_LENGTH = 64;

const name = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('must not be empty'),
  v.maxLength(AB_NAME_MAX_LENGTH, `must be at most ${AB_NAME_MAX_LENGTH} characters`),
);

/** The A/B test group a version is meant for; only staff previewing that group see it (docs/calls.md#publish-a-version). */
export const abTestSelectionSchema = v.strictObject({
  /** Test name, e.g. `FOOTER_TEASER_ORDER`. */
  name,
  /** Group of that test, e.g. `B`. */
  group: name,
});

/** Body of `PUT /service/promotion/api/promotion/{name}`: one new version of a shop's promotion. */
export const publishVersionRequestSchema = v.strictObject({
  /** The content as a JSON string, exactly as `GET` will answer it. */
  contentJSON: v.string(),
  /** When the version becomes effective; now when absent. */
  validFrom: v.optional(zonedInstantSchema),
  /** Only for this A/B test group (never served to shoppers by `GET`). */
  abTest: v.optional(abTestSelectionSchema),
});

/** Answer of the `PUT`: the stored version's number (per shop and promotion) and its normalised `validFrom`. */
export const publishedVersionSchema = v.object({
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  validFrom: zonedInstantSchema,
  /** Facts the content states otherwise than the country table, by JSON path (docs/footer.md#shop-facts); stored all the same. */
  warnings: v.optional(v.array(footerProblemSchema)),
});

/** One entry of `GET …/{name}/versions` (the content itself is not listed). */
export const versionSummarySchema = v.object({
  version: v.number(),
  validFrom: v.string(),
  abTest: v.optional(abTestSelectionSchema),
  storedAt: v.string(),
  storedBy: v.string(),
  /** The version `GET …/{name}` answers right now. */
  live: v.boolean(),
});

export const versionListSchema = v.object({ versions: v.array(versionSummarySchema) });

export type PublishVersionRequest = v.InferOutput<typeof publishVersionRequestSchema>;
export type PublishedVersion = v.InferOutput<typeof publishedVersionSchema>;
export type VersionSummary = v.InferOutput<typeof versionSummarySchema>;
