import type { FooterProblem } from './footerProblem.ts';
import { parseFooterContent } from './sanitizeFooterContent.ts';

/**
 * Everything wrong with footer content an operator wants to ship: schema errors and the unsafe links and unknown logo
 * sources the build would drop. Publishing refuses both: an operator who typed that link meant it and must be told,
 * whereas the build can only drop it from content that is already stored. See docs/calls.md#publish-a-version.
 */
export function footerContentProblems(raw: unknown): FooterProblem[] {
  const result = parseFooterContent(raw);
  return [...result.dropped, ...(result.ok ? [] : result.errors)];
}

/** The same for content as the promotion service keeps it, a JSON string; text that is not JSON is one problem at `$`. */
export function footerContentJsonProblems(contentJSON: string): FooterProblem[] {
  let raw: unknown;
  try {
    raw = JSON.parse(contentJSON);
  } catch (error) {
    return [{ path: '$', message: `is not JSON (${(error as Error).message})` }];
  }
  return footerContentProblems(raw);
}
