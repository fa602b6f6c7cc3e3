import * as v from 'valibot';

/** Something wrong in CMS content, located by its JSON path (`$.teaserGroups[0].links[2].link`). */
export const footerProblemSchema = v.object({
  /** JSON path of the value, e.g. `$.teaserGroups[0].links[2].link`. */
  path: v.string(),
  /** What is wrong with it, for the operator. */
  message: v.string(),
});

/** One problem in CMS content: where (JSON path) and what. */
export type FooterProblem = v.InferOutput<typeof footerProblemSchema>;
