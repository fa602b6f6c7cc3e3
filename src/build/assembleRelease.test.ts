import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { writeHeadersFile } from './integrations/headersFile.ts';
import { assembleSite, missingFiles, shopPages } from './assembleRelease.ts';

const pagesDir = path.resolve(import.meta.dirname, '../pages');
let dir: string;

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** A shop's pages as the build writes them: each names a stylesheet and a script; the shop page has a footer. */
function writeShop(site: string, segment: string, label: string) {
  for (const page of shopPages(pagesDir, segment)) {
    const footer = `<footer data-shop-footer>${label} footer</footer>`;
    write(
      path.join(site, page),
      `<link rel="stylesheet" href="/_astro/site.css"><script type="module" src="/_astro/${label}.js"></script>${footer}`,
    );
  }
  write(path.join(site, '_astro/site.css'), 'body{}');
  write(path.join(site, `_astro/${label}.js`), '');
  // The footer fragments, as the build's partial pages and their integration write them.
  for (const name of ['footer', 'footer-reduced']) {
    write(
      path.join(site, `fragments/${segment}/${name}.html`),
      `<link rel="stylesheet" href="/fragments/${segment}/${name}.css"><footer data-shop-footer>${label} footer</footer>`,
    );
    write(path.join(site, `fragments/${segment}/${name}.css`), 'footer{}');
  }
}

const read = (file: string) => fs.readFileSync(file, 'utf8');

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assemble-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a partial release', () => {
  test('takes the other shops from the live release and never writes into the live release through a link', () => {
    const live = path.join(dir, 'live');
    for (const segment of ['de', 'hu']) writeShop(live, segment, 'old');
    write(path.join(live, 'index.html'), 'chooser');
    write(path.join(live, '404.html'), 'not found');
    writeHeadersFile(live);
    const liveBefore = Object.fromEntries(
      ['_headers', 'hu/index.html', 'fragments/hu/footer.html'].map((file) => [file, read(path.join(live, file))]),
    );

    const astroOut = path.join(dir, 'astro');
    writeShop(astroOut, 'hu', 'new');
    const site = path.join(dir, 'site');
    assembleSite({ astroOut, siteDir: site, baseSite: live, rebuilt: ['hu'], partial: true });
    writeHeadersFile(site);

    expect(read(path.join(site, 'hu/index.html'))).toContain('new footer');
    expect(read(path.join(site, 'fragments/hu/footer.html'))).toContain('new footer');
    expect(read(path.join(site, 'de/index.html'))).toContain('old footer');
    expect(fs.existsSync(path.join(site, '_astro/old.js'))).toBe(true);
    expect(missingFiles(site, ['hu'], pagesDir)).toEqual([]);
    for (const [file, text] of Object.entries(liveBefore)) expect(read(path.join(live, file)), file).toBe(text);
  });
});

describe('the completeness check', () => {
  test('names every missing page, fragment and asset a page names', () => {
    const site = path.join(dir, 'site');
    writeShop(site, 'hu', 'x');
    write(path.join(site, 'index.html'), 'chooser');
    expect(missingFiles(site, ['hu'], pagesDir)).toEqual(['404.html']);

    write(path.join(site, '404.html'), 'not found');
    fs.rmSync(path.join(site, 'hu/checkout/index.html'));
    fs.rmSync(path.join(site, 'fragments/hu/footer.css'));
    fs.rmSync(path.join(site, '_astro/x.js'));
    expect(missingFiles(site, ['hu'], pagesDir).sort()).toEqual([
      '_astro/x.js',
      'fragments/hu/footer.css',
      'hu/checkout/index.html',
    ]);
  });
});
