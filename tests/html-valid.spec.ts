import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { builtPages, htmlErrors } from '../scripts/lib/htmlChecker.mjs';

// Every built page is valid HTML to the W3C Nu HTML Checker (docs/commands.md#html-check): the release the e2e
// server serves, checked from its files (footer fragments apart, which are no documents).
test('the Nu HTML Checker finds no error in any built page', async () => {
  test.setTimeout(120_000);
  const siteDir = process.env.DIST_DIR;
  if (!siteDir) throw new Error('DIST_DIR is not set: run through playwright.config.ts, which builds the site');
  const pages = builtPages(siteDir);
  expect(pages.length).toBeGreaterThan(40);
  const errors = await htmlErrors(pages);
  expect(errors.map((error) => `${error.file.slice(fs.realpathSync(siteDir).length)}:${error.line} ${error.message}`)).toEqual([]);
});
