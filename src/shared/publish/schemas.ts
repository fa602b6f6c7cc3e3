import * as v from 'valibot';
import { shops } from '../countries.ts';

/** Shapes of the publisher's calls (docs/calls.md#publisher), shared by the server and the operators' scripts. */

/** Body of `POST /service/publish/api/rebuild`: shop segments such as `hu`; unknown ones are checked separately. */
export const rebuildRequestSchema = v.strictObject({
  shops: v.pipe(
    v.array(v.pipe(v.string(), v.trim(), v.toLowerCase())),
    v.minLength(1, 'name at least one shop'),
    v.maxLength(shops.length * 2),
  ),
});

/** A build that failed: when, the reason, and the file with the builder's whole output. */
export const buildErrorSchema = v.object({ at: v.string(), message: v.string(), log: v.optional(v.string()) });

/** One shop in `GET /service/publish/api/status`. */
export const shopPublishStatusSchema = v.object({
  /** The live release, or null before the first build. */
  release: v.nullable(v.string()),
  /** The promotion version the live pages were built from; null when unknown (built by hand) or none. */
  contentVersion: v.nullable(v.number()),
  builtAt: v.nullable(v.string()),
  durationMs: v.nullable(v.number()),
  /** Why the last build of this shop failed; gone once the next build of it starts. */
  lastError: v.optional(buildErrorSchema),
  /** The next version that becomes valid by itself. */
  nextScheduled: v.optional(v.object({ version: v.number(), validFrom: v.string() })),
  /** A build of this shop is running. */
  building: v.boolean(),
});

/** Answer of `GET /service/publish/api/status`: per shop segment, plus the shops waiting for the next build. */
export const publishStatusSchema = v.object({
  shops: v.record(v.string(), shopPublishStatusSchema),
  queue: v.array(v.string()),
});

export type BuildError = v.InferOutput<typeof buildErrorSchema>;
export type ShopPublishStatus = v.InferOutput<typeof shopPublishStatusSchema>;
export type PublishStatus = v.InferOutput<typeof publishStatusSchema>;
