import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { childEnvironment } from '../shared/config.ts';
import { shopBySegment } from '../shared/countries.ts';
import { footerContentSchema } from '../shared/footer/footerSchema.ts';
import { isRetailerLink } from '../shared/retailerSite.ts';
import * as v from 'valibot';
import { footerLinks } from '../lib/footer/footerLinks.ts';
import { shopCategories } from '../lib/shopCategories.ts';
import { shopPages } from './assembleRelease.ts';

// This must build: which stand-in pages exist is decided by the page routes' getStaticPaths and what every link
// points to by the pages, the footer and the islands' server HTML as Astro renders them, so only a build's files show
// that a site built with RETAILER_ORIGIN has no stand-in page and links every page of the retailer's there
// (docs/footer.md#links-to-the-retailers-site). One shop (DE, whose footer falls back to the build's own content when
// the CMS cannot be reached) keeps it to a few seconds; no browser and no server are needed.

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const RETAILER = 'https://www.aroma.example';
const de = shopBySegment('de')!;
let out: string;

/** Runs a command of this checkout with the build's settings; never rejects: the exit code and output are the answer. */
async function command(args: string[], env: Record<string, string | undefined>) {
  try {
    const { stdout, stderr } = await run(process.execPath, args, {
      cwd: root,
      // A child reads its own settings; Vitest's BASE_URL would read as the tools' (an already served site).
      env: childEnvironment({ BASE_URL: undefined, RETAILER_ORIGIN: undefined, ...env }),
      timeout: 240_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const astroBuild = (env: Record<string, string | undefined>) =>
  command([path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    SHOPS: 'de',
    // Nothing answers here: the footer is the build's fallback, the same content the CMS seeds serve.
    SERVICE_ORIGIN: 'http://127.0.0.1:9',
    SITE_URL: 'https://shop.example',
    ...env,
  });

/** Every `.html` file under a folder, relative to it. */
const htmlFiles = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .sort();

beforeAll(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-retailer-origin-'));
  const built = await astroBuild({ ASTRO_OUT_DIR: out, RETAILER_ORIGIN: RETAILER });
  expect(built.code, built.stderr + built.stdout).toBe(0);
}, 300_000);
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe('a build with RETAILER_ORIGIN (docs/operations.md#the-retailers-site)', () => {
  test("builds the shop's own pages and not one stand-in", () => {
    const pages = htmlFiles(path.join(out, 'de')).map((file) => path.join('de', file));
    expect(pages).toEqual(shopPages(path.join(root, 'src/pages'), 'de').sort());
    for (const legal of ['impressum', 'privacy', 'agb', 'widerrufsrecht', 'kaffee-abo-kuendigen'])
      expect(fs.existsSync(path.join(out, 'de', legal)), legal).toBe(false);
  });

  test("links every page of the retailer's there, and none here", () => {
    const html = [
      ...htmlFiles(path.join(out, 'de')).map((file) => path.join(out, 'de', file)),
      ...htmlFiles(path.join(out, 'fragments/de')).map((file) => path.join(out, 'fragments/de', file)),
    ]
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    const links = new Set(
      [...html.matchAll(/\s(?:href|action)="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&')),
    );
    // No link of a shop's pages leads to a page of the retailer's on this site.
    const here = [...links].filter((link) => {
      const shopPath = /^\/([a-z]{2}(?:-[a-z]{2})?)(\/.*)$/.exec(link);
      return shopPath !== null && shopBySegment(shopPath[1]!) !== undefined && isRetailerLink(shopPath[2]!);
    });
    expect(here).toEqual([]);
    // Every page of the retailer's that the header, the footer and the sign-up name is linked on the retailer's site.
    const footer = v.parse(
      footerContentSchema,
      JSON.parse(fs.readFileSync(path.join(root, 'src/content/footer/de.json'), 'utf8')),
    );
    const named = [
      ...shopCategories.map((category) => category.path),
      ...Object.values(de.links).filter((link) => link !== undefined),
      ...footerLinks(footer).map((link) => link.url),
    ].filter(isRetailerLink);
    expect(named).toEqual(expect.arrayContaining(['/impressum', '/kaffee-abo-kuendigen', '/privacy', '/c100']));
    const missing = named.filter((url) => !links.has(`${RETAILER}/de${url}`));
    expect(missing).toEqual([]);
  });
});

describe('a build for a public address without RETAILER_ORIGIN', () => {
  test('npm run build refuses it in one line naming the setting, before anything is built', async () => {
    const refused = await command(['scripts/build.mjs', '--country', 'de'], {
      SITE_URL: 'https://shop.example',
      DIST_DIR: path.join(out, 'never-dist'),
      RELEASES_DIR: path.join(out, 'never-releases'),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^RETAILER_ORIGIN is not set: /)]);
    expect(fs.existsSync(path.join(out, 'never-releases'))).toBe(false);
  });

  test('a bare astro build stops too, naming the setting', async () => {
    const refused = await astroBuild({ ASTRO_OUT_DIR: path.join(out, 'never-built') });
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain('RETAILER_ORIGIN is not set');
    expect(fs.existsSync(path.join(out, 'never-built', 'de'))).toBe(false);
  });
});
