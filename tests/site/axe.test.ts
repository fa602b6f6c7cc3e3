// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "disableCSSFileLoading": true, "handleDisabledFileLoadingAsSuccess": true, "disableJavaScriptFileLoading": true, "disableJavaScriptEvaluation": true, "navigation": { "disableMainFrameNavigation": true } } }
import { describe, test } from 'vitest';
import { shops } from '../../src/shared/countries.ts';
import { expectNoSeriousStructuralViolations } from './support/axeStructure.ts';
import fs from 'node:fs';
import { builtFile } from './support/site.ts';

// axe's structural rules on every shop's pages as built (names, labels, roles, ARIA, landmarks, languages): the
// browser layer renders one shop per template (tests/pages.spec.ts); every shop's own texts, links and forms are here.
// (The building blocks' gallery is the same page in every shop but for its strings: tests/ui-gallery.spec.ts.)
const pages = [
  '/',
  '/ui/',
  '/preview/login/',
  '/404.html',
  ...shops.flatMap((shop) => [
    `/${shop.segment}/`,
    `/${shop.segment}/checkout/`,
    `/${shop.segment}/service/`,
    `/${shop.segment}/newsletter/confirm/`,
    `/${shop.segment}/newsletter/preferences/`,
    `/${shop.segment}${shop.links.privacy}/`,
  ]),
];

describe('axe, structure', () => {
  test.each(pages)('%s', async (path) => {
    await expectNoSeriousStructuralViolations(fs.readFileSync(builtFile(path), 'utf8'), path);
  });
});
