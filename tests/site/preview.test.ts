import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { builtFile, textOf, type HtmlDocument } from './support/site.ts';
import { newVisitor, setPreview, staffVisitor } from './support/visitor.ts';
import { christmasEve, christmasEveShown } from '../support/seededChristmas.ts';

// Staff preview renders over HTTP (docs/preview.md#preview-render): the shop as it will be at the preview moment and in
// the forced group, for the previewing session only, never cached for anyone else; everybody else gets the release's
// file. The panel that sets the preview, and the indicator as a browser shows it, are the browser layer's
// (tests/preview-panel.spec.ts, tests/preview-render.spec.ts).

// The demo's seeded versions (server/seed): DE's live footer, its Christmas campaign from the next 1 December and its
// variant for group B of FOOTER_TEASER_ORDER (the service groups in another order).
const seeded = (folder: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../server/seed/${folder}/de.json`), 'utf8'));
const live = seeded('footer');
const christmas = seeded('footer-christmas');
const firstGroup = (content: { teaserGroups: { heading: { text: string } }[] }) =>
  content.teaserGroups[0]!.heading.text;
const variantFirstGroup = firstGroup(seeded('footer-teaser-order-b'));

const headline = (document: HtmlDocument) => textOf(document.querySelector('.footer-service__headline'));
const indicator = (document: HtmlDocument) => document.querySelector('[data-preview-indicator]');
const firstPanelTitle = (document: HtmlDocument) =>
  textOf(document.querySelector('[data-shop-footer] [data-panel-title]'));
const release = (pagePath: string) => fs.readFileSync(builtFile(pagePath));

test('staff previewing a moment after a scheduled version get its text; a shopper at the same time the live text', async () => {
  expect(christmas.headline).not.toBe(live.headline);
  const staff = await staffVisitor();
  await setPreview(staff, { previewDateTime: christmasEve.toISOString() });
  const { document } = await staff.page('/de/');
  expect(headline(document)).toBe(christmas.headline);
  // The moment in the shop's time zone (Europe/Berlin for DE).
  expect(textOf(indicator(document))).toContain(`Preview · ${christmasEveShown}`);

  const shopper = await newVisitor().page('/de/');
  expect(headline(shopper.document)).toBe(live.headline);
  expect(indicator(shopper.document)).toBeNull();
});

test('a forced group gets its variant, the other group the live footer, and the A/B service answers that group', async () => {
  expect(variantFirstGroup).not.toBe(firstGroup(live));
  const target = { test: 'FOOTER_TEASER_ORDER', group: 'B' };
  const staff = await staffVisitor();
  await setPreview(staff, { ...target, previewDateTime: new Date().toISOString() });
  const variant = await staff.page('/de/');
  expect(firstPanelTitle(variant.document)).toBe(variantFirstGroup);
  expect(textOf(indicator(variant.document))).toContain('FOOTER_TEASER_ORDER / B');
  const assignment = await (await staff.get('/service/abtestfrontend/api/v1/getassignment')).json();
  expect(assignment.assignments).toContainEqual(target);

  await setPreview(staff, { ...target, group: 'A', previewDateTime: new Date().toISOString() });
  const other = await staff.page('/de/');
  expect(textOf(indicator(other.document))).toContain('FOOTER_TEASER_ORDER / A');
  expect(firstPanelTitle(other.document)).toBe(firstGroup(live));
});

test('preview answers are never cached for anyone else; every shop page has one', async () => {
  const staff = await staffVisitor();
  await setPreview(staff, { previewDateTime: christmasEve.toISOString() });
  for (const pagePath of ['/de/', '/de/checkout/', '/de/newsletter/confirm/', '/de/service/']) {
    const { response, document } = await staff.page(pagePath);
    expect(response.status, pagePath).toBe(200);
    expect(response.headers.get('cache-control'), pagePath).toBe('private, no-store');
    expect(response.headers.get('vary'), pagePath).toMatch(/^Cookie\b/);
    expect(response.headers.get('content-security-policy'), pagePath).toMatch(
      /script-src 'self' 'sha256-.*frame-ancestors 'none'/,
    );
    expect(indicator(document), pagePath).not.toBeNull();
  }
});

test('shoppers, and staff without an active preview, get the release file byte for byte', async () => {
  const shopper = await newVisitor().page('/de/');
  expect(shopper.bytes.equals(release('/de/'))).toBe(true);
  expect(shopper.response.headers.get('cache-control')).toBe('no-cache');

  const staff = await staffVisitor();
  expect((await staff.page('/de/')).bytes.equals(release('/de/'))).toBe(true);
});

test('clearing the date and the test returns staff to the live static page', async () => {
  const staff = await staffVisitor();
  await setPreview(staff, { test: 'FOOTER_TEASER_ORDER', group: 'A', previewDateTime: christmasEve.toISOString() });
  expect(indicator((await staff.page('/de/')).document)).not.toBeNull();
  await setPreview(staff, {});
  const cleared = await staff.page('/de/');
  expect(cleared.response.headers.get('cache-control')).toBe('no-cache');
  expect(cleared.bytes.equals(release('/de/'))).toBe(true);
  expect(headline(cleared.document)).toBe(live.headline);
});
