import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { builtPages, htmlErrors } from '../scripts/lib/htmlChecker.mjs';
import { servedSiteDir } from './support/servedSite.ts';

// Every built page is valid HTML to the W3C Nu HTML Checker (docs/commands.md#html-check): the release the e2e
// server serves, checked from its files (footer fragments apart, which are no documents).
test('the Nu HTML Checker finds no error in any built page', async () => {
  test.setTimeout(120_000);
  const pages = builtPages(servedSiteDir);
  expect(pages.length).toBeGreaterThan(40);
  const root = fs.realpathSync(servedSiteDir);
  const errors = await htmlErrors(pages);
  expect(errors.map((error) => `${error.file.slice(root.length)}:${error.line} ${error.message}`)).toEqual([]);
});
