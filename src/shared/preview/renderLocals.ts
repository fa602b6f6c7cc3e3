import * as v from 'valibot';
import { isoInstantSchema } from './schemas.ts';
import type { FormAnswerLocals } from '../newsletter/formAnswers.ts';

/** An A/B test and one of its groups: the group staff forced in a preview, and the group a content version is for. */
export const forcedGroupSchema = v.object({
  /** Test name, e.g. `FOOTER_TEASER_ORDER`. */
  test: v.string(),
  /** Group of that test, e.g. `B`. */
  group: v.string(),
});

/**
 * What a staff preview render shows: the preview moment staff chose (absent: now) and the forced A/B test and group
 * (absent: none). At least one of the two is set, else there is no preview render (docs/preview.md#preview-render).
 */
export const previewMomentSchema = v.object({
  at: v.optional(isoInstantSchema),
  target: v.optional(forcedGroupSchema),
});

/** The `locals` the server hands the on-demand renderer for a preview render. */
export const previewRenderLocalsSchema = v.object({
  preview: previewMomentSchema,
  /** The promotion's footer content valid at the preview moment for the forced group (its `contentJSON`), or none. */
  footerContentJSON: v.optional(v.string()),
});

export type ForcedGroup = v.InferOutput<typeof forcedGroupSchema>;
export type PreviewMoment = v.InferOutput<typeof previewMomentSchema>;
export type PreviewRenderLocals = v.InferOutput<typeof previewRenderLocalsSchema>;

/**
 * Everything the server may hand the on-demand renderer (docs/architecture.md#on-demand-pages): a staff preview, the
 * footer content to show, and a newsletter form's answer.
 */
export type PageRenderLocals = Partial<PreviewRenderLocals> & FormAnswerLocals;
