import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { shopBySegment } from '../../shared/countries.ts';
import { parseShopFooter } from '../../shared/footer/parseShopFooter.ts';
import { footerLinks, withShopHrefs } from './footerLinks.ts';

const de = shopBySegment('de')!;
const seed = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../server/seed/footer/de.json'), 'utf8'),
);

test("every shop-relative link of the footer is rendered under the shop's segment, texts unchanged", () => {
  const parsed = parseShopFooter(seed, de);
  if (!parsed.ok) throw new Error('the DE seed does not parse');
  const before = footerLinks(parsed.content);
  const after = footerLinks(withShopHrefs(parsed.content, de));
  expect(after.map((link) => link.text)).toEqual(before.map((link) => link.text));
  expect(before.filter((link) => link.url.startsWith('/')).length).toBeGreaterThan(20);
  for (const [index, link] of after.entries()) {
    const original = before[index]!.url;
    expect(link.url).toBe(original.startsWith('/') ? `/de${original}` : original);
  }
});
