import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { shops } from '../countries.ts';
import { parseFooterContent } from './sanitizeFooterContent.ts';
import { isSafeUrl } from './safeUrl.ts';

const seedDir = path.resolve(import.meta.dirname, '../../../server/seed/footer');
const readSeed = (segment: string) => JSON.parse(fs.readFileSync(path.join(seedDir, `${segment}.json`), 'utf8'));

describe('the seeded footer content', () => {
  test.each(shops.map((shop) => shop.segment))('%s is valid and has nothing to drop', (segment) => {
    const result = parseFooterContent(readSeed(segment));
    expect(result).toMatchObject({ ok: true, dropped: [] });
  });
});

describe('unsafe links', () => {
  test.each([
    '/contact',
    '/c900',
    'https://example.com/x',
    'http://example.com',
    'mailto:service@example.com',
    'tel:+494012345678',
  ])('%s is allowed', (url) => expect(isSafeUrl(url)).toBe(true));
  test.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>',
    'vbscript:x',
    '//evil.example/',
    '/\\evil.example',
    'file:///etc/passwd',
    '',
  ])('%j is refused', (url) => expect(isSafeUrl(url)).toBe(false));

  test('are dropped with their JSON path while the rest of the footer stays', () => {
    const raw = readSeed('de');
    raw.teaserGroups[0].links[1].link = 'javascript:alert(document.cookie)';
    raw.teaserGroups[1].heading.link = 'data:text/html,<b>x</b>';
    raw.legalLinks[0].url = 'JAVASCRIPT:void(0)';
    raw.salesTax.link.url = '//evil.example/shipping';
    const result = parseFooterContent(raw);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.dropped.map((p) => p.path)).toEqual([
      '$.teaserGroups[0].links[1].link',
      '$.teaserGroups[1].heading.link',
      '$.legalLinks[0].url',
      '$.salesTax.link.url',
    ]);
    const content = result.content;
    expect(content.teaserGroups[0]!.links.map((l) => l.text)).toEqual(['Alle Zahlungsarten']);
    expect(content.teaserGroups[1]!.heading).toEqual({ text: 'Lieferung', iconName: 'delivery' });
    expect(content.legalLinks.map((l) => l.text)).not.toContain('Impressum');
    expect(content.salesTax.link).toBeUndefined();
    expect(JSON.stringify(content)).not.toMatch(/javascript|data:|evil/i);
  });

  test('two unsafe items in one list are both removed, whatever their order', () => {
    const raw = readSeed('pl');
    raw.seo.columns[0].links[0].url = 'javascript:a()';
    raw.seo.columns[0].links[2].url = 'javascript:b()';
    const result = parseFooterContent(raw);
    expect(result.ok && result.content.seo?.columns[0]!.links.map((l) => l.text)).toEqual([
      'Ekspresy do kawy',
      'Moda męska',
    ]);
  });
});

describe('logo sources', () => {
  test('an unknown logo is dropped and reported, known ones stay', () => {
    const raw = readSeed('de');
    raw.qualityLogos.logos[1].image.source = 'FAKE_SEAL';
    raw.teaserGroups[0].images[0].source = 'BITCOIN';
    const result = parseFooterContent(raw);
    if (!result.ok) throw new Error('expected usable content');
    expect(result.dropped).toEqual([
      { path: '$.teaserGroups[0].images[0].source', message: 'unknown logo source "BITCOIN" dropped' },
      { path: '$.qualityLogos.logos[1].image.source', message: 'unknown logo source "FAKE_SEAL" dropped' },
    ]);
    expect(result.content.qualityLogos?.logos.map((l) => l.image.source)).toEqual(['TRUSTED_SHOPS', 'TUEV_SUED']);
    expect(result.content.teaserGroups[0]!.images.map((i) => i.source)).not.toContain('BITCOIN');
  });
});

describe('broken content', () => {
  test('is refused with the JSON path of every problem', () => {
    const raw = readSeed('hu');
    delete raw.headline;
    raw.teaserGroups[2].heading.text = '';
    raw.legalLinks = 'not a list';
    const result = parseFooterContent(raw);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.path)).toEqual(['$.headline', '$.teaserGroups[2].heading.text', '$.legalLinks']);
    expect(result.errors[1]?.message).toBe('must not be empty');
  });

  test('that is not an object at all is refused', () => {
    expect(parseFooterContent('<footer>hi</footer>')).toMatchObject({ ok: false, errors: [{ path: '$' }] });
    expect(parseFooterContent(null)).toMatchObject({ ok: false });
  });

  test('CMS text is kept as text: markup is not interpreted or stripped', () => {
    const raw = readSeed('cz');
    raw.headline = '<img src=x onerror=alert(1)>';
    const result = parseFooterContent(raw);
    expect(result.ok && result.content.headline).toBe('<img src=x onerror=alert(1)>');
  });

  test('logo sizes default to 80 x 80 so every image has width and height', () => {
    const raw = readSeed('tr');
    delete raw.qualityLogos.logos[0].image.width;
    delete raw.qualityLogos.logos[0].image.height;
    const result = parseFooterContent(raw);
    expect(result.ok && result.content.qualityLogos?.logos[0]?.image).toMatchObject({ width: 80, height: 80 });
  });
});

describe('Swiss German content', () => {
  test('the Swiss German content never writes ß', () => {
    expect(JSON.stringify(readSeed('ch'))).not.toContain('ß');
  });
});
