import { expect, test } from 'vitest';
import { shopBySegment } from '../../shared/countries.ts';
import { footerContentFixture } from '../../shared/fixtures/footerContentFixture.ts';
import { previewFooter } from './cmsFooter.ts';

const de = shopBySegment('de')!;

test('a preview render shows the content valid at its moment, through the same validation as the build', () => {
  const christmas = footerContentFixture({ headline: 'Frohe Weihnachten & Service' });
  const footer = previewFooter(de, JSON.stringify(christmas));
  expect(footer?.source).toBe('cms');
  expect(footer?.content?.headline).toBe('Frohe Weihnachten & Service');
});

test('unsafe links in preview content are dropped exactly as in a build', () => {
  const unsafe = footerContentFixture();
  unsafe.teaserGroups[0]!.links[0]!.link = 'javascript:alert(1)';
  const footer = previewFooter(de, JSON.stringify(unsafe));
  expect(footer?.dropped.map((problem) => problem.path)).toEqual(['$.teaserGroups[0].links[0].link']);
  expect(JSON.stringify(footer?.content)).not.toContain('javascript:');
});

test('no content, broken JSON or invalid content leave the page with the footer it was built with', () => {
  expect(previewFooter(de, undefined)).toBeUndefined();
  expect(previewFooter(de, '{"headline":')).toBeUndefined();
  expect(previewFooter(de, JSON.stringify({ headline: 42 }))).toBeUndefined();
});
