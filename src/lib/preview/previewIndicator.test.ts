import { expect, test } from 'vitest';
import { shopBySegment } from '../../shared/countries.ts';
import { previewIndicatorText } from './previewIndicator.ts';

const at = '2026-12-24T09:00:00.000Z';
const target = { test: 'FOOTER_TEASER_ORDER', group: 'B' };

test('names the moment the shop way, in the shop time zone, and the forced test and group', () => {
  expect(previewIndicatorText(shopBySegment('de')!, { at, target })).toBe(
    'Preview · 24.12.2026, 10:00 · FOOTER_TEASER_ORDER / B',
  );
  expect(previewIndicatorText(shopBySegment('tr')!, { at })).toBe('Preview · 24 Ara 2026 12:00');
  expect(previewIndicatorText(shopBySegment('pl')!, { target })).toBe('Preview · now · FOOTER_TEASER_ORDER / B');
});
