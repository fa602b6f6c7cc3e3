import { expect, test } from 'vitest';
import { builtPages, htmlErrors } from '../../scripts/lib/htmlChecker.mjs';
import { siteDir } from './support/site.ts';

// Every built page is valid HTML to the W3C Nu HTML Checker (docs/commands.md#html-check): the release under test,
// checked from its files (footer fragments apart, which are no documents).
test('the Nu HTML Checker finds no error in any built page', { timeout: 180_000 }, async () => {
  const pages = builtPages(siteDir);
  expect(pages.length).toBeGreaterThan(40);
  const errors = await htmlErrors(pages);
  expect(errors.map((error) => `${error.file.slice(siteDir.length)}:${error.line} ${error.message}`)).toEqual([]);
});
