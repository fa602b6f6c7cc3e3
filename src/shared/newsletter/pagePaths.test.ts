import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { shopByCode } from '../countries.ts';
import { newsletterPagePath, newsletterPages, type NewsletterPage } from './pagePaths.ts';

const pagesDir = path.resolve(import.meta.dirname, '../../pages/[country]');

describe('newsletter page paths', () => {
  test('each page the paths name is a page every shop builds', () => {
    for (const page of Object.keys(newsletterPages) as NewsletterPage[]) {
      expect(fs.existsSync(path.join(pagesDir, newsletterPages[page], 'index.astro')), page).toBe(true);
    }
  });

  test('a path is the shop segment, the page and the URL-encoded token', () => {
    expect(newsletterPagePath(shopByCode('CH_FR')!, 'preferences', 'a+b/c=')).toBe(
      '/ch-fr/newsletter/preferences/?token=a%2Bb%2Fc%3D',
    );
    expect(newsletterPagePath(shopByCode('TR')!, 'confirm')).toBe('/tr/newsletter/confirm/');
  });

  test('a token cannot lead to another page', () => {
    const link = new URL(newsletterPagePath({ segment: 'de' }, 'preferences', '../x?y#z'), 'https://shop.example');
    expect(link.pathname).toBe('/de/newsletter/preferences/');
    expect(link.searchParams.get('token')).toBe('../x?y#z');
  });
});
