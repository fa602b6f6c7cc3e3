import { expect, test } from 'vitest';
import { LinkChecker } from 'linkinator';
import { origin } from './support/site.ts';

// No dead link on the local site (docs/commands.md#link-check): from the country chooser, linkinator follows every
// link of every page of this origin, anchors included; other origins are not requested.
test('no link of the site leads to a 404 or to an anchor the page lacks', { timeout: 240_000 }, async () => {
  const result = await new LinkChecker().check({
    path: `${origin}/`,
    recurse: true,
    checkFragments: true,
    // A bound for a machine that is busy with other tests, not a speed check.
    concurrency: 4,
    timeout: 60_000,
    linksToSkip: async (link) => !link.startsWith(`${origin}/`),
  });
  const broken = result.links.filter((link) => link.state === 'BROKEN');
  expect(
    broken.map(
      (link) =>
        `${link.status ?? 'no answer'} ${link.url.slice(origin.length)} (on ${link.parent?.slice(origin.length)})`,
    ),
  ).toEqual([]);
  // Every shop's home page, and its stand-in pages, were reached.
  const pages = new Set(result.links.filter((link) => link.state === 'OK').map((link) => new URL(link.url).pathname));
  expect(pages).toContain('/tr/kvkk-aydinlatma-metni/');
  expect(pages.size).toBeGreaterThan(500);
});
