import { describe, expect, test } from 'vitest';
import { translationsFor } from '../../shared/i18n.ts';
import { interpolate } from './galleryStrings.ts';

describe('interpolate (gallery values only known in the browser)', () => {
  test('fills placeholders the same way the build-time i18n layer does', () => {
    const raw = 'Navigiert zu {{path}}';
    expect(interpolate(raw, { path: '/de/checkout/' })).toBe(translationsFor('de-DE')('ui.gallery.sample.navigatedTo', { path: '/de/checkout/' }));
  });

  test('keeps word order per language and leaves unknown placeholders visible', () => {
    expect(interpolate('{{path}} sayfasına gidildi', { path: '/tr/checkout/' })).toBe('/tr/checkout/ sayfasına gidildi');
    expect(interpolate('Seite {{page}}', {})).toBe('Seite {{page}}');
  });
});
