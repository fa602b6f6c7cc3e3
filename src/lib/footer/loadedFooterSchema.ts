import * as v from 'valibot';
import { footerContentSchema } from '../../shared/footer/footerSchema.ts';
import { footerProblemSchema } from '../../shared/footer/footerProblem.ts';

/** The footer a shop is built with, and the story of how it got there (printed by the build). */
export const loadedFooterSchema = v.object({
  /** URL segment of the shop, e.g. `ch-fr`. */
  segment: v.string(),
  /** Where the footer came from: the CMS, the fallback collection, the minimal footer, or nowhere. */
  source: v.picklist(['cms', 'fallback', 'minimal', 'unavailable']),
  /** The content to render; absent for the minimal footer and when unavailable. */
  content: v.optional(footerContentSchema),
  /** Unsafe links and unknown logos removed from the content that is used. */
  dropped: v.array(footerProblemSchema),
  /** Why the CMS content (and, if tried, the fallback) was not used. */
  reasons: v.array(v.string()),
  /** The CMS version the build read (used or not), when the CMS names one; the release records it per shop. */
  contentVersion: v.optional(v.number()),
});

export type LoadedFooter = v.InferOutput<typeof loadedFooterSchema>;
