import { describe, expect, test } from 'vitest';
import { translationsFor } from '../shared/i18n.ts';
import { interpolate } from './strings.ts';

describe('interpolate (values only known in the browser)', () => {
  test('fills placeholders the same way the build-time i18n layer does', () => {
    const raw = 'Navigiert zu {{path}}';
    expect(interpolate(raw, { path: '/de/checkout/' })).toBe(
      translationsFor('de-DE')('ui.gallery.sample.navigatedTo', { path: '/de/checkout/' }),
    );
  });

  test('keeps word order per language and leaves unknown placeholders visible', () => {
    expect(interpolate('{{path}} sayfasına gidildi', { path: '/tr/checkout/' })).toBe(
      '/tr/checkout/ sayfasına gidildi',
    );
    expect(interpolate('Seite {{page}}', {})).toBe('Seite {{page}}');
  });

  test('writes numbers as they are and takes nothing from the object prototype', () => {
    expect(interpolate('{{percent}} % Rabatt ab {{ age }} Jahren', { percent: 10, age: 16 })).toBe(
      '10 % Rabatt ab 16 Jahren',
    );
    expect(interpolate('{{toString}}', {})).toBe('{{toString}}');
  });
});
