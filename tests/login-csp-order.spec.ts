import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { documentOnlyHeaders, everyResponseHeaders, strictTransportSecurity } from '../src/shared/securityHeaders.ts';
import { servedSiteDir } from './support/servedSite.ts';

const pages = ['/de/', '/tr/', '/ch-fr/', '/preview/login/', '/ui/'];

test('the CSP <meta> comes before every inline script, so the policy covers them all', async ({ request }) => {
  for (const path of pages) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const meta = html.search(/<meta http-equiv="content-security-policy"/i);
    expect(meta, path).toBeGreaterThan(-1);
    expect(meta, path).toBeLessThan(head.length);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/gi)].map((match) => match.index);
    // The shop pages carry the inline footer script that used to come first.
    if (path !== '/preview/login/' && path !== '/ui/') expect(inline.length, path).toBeGreaterThan(0);
    for (const at of inline) expect(at, `${path}: inline script before the CSP meta`).toBeGreaterThan(meta);
  }
});

test('the built _headers and the server split the security headers alike: all on pages, only its own on a hashed script', async ({
  request,
}) => {
  const blocks = fs.readFileSync(path.join(servedSiteDir, '_headers'), 'utf8').split('\n\n');
  const page = await request.get('/de/');
  for (const [name, value] of Object.entries({ ...everyResponseHeaders, ...documentOnlyHeaders })) {
    expect(blocks[0]).toContain(`  ${name}: ${value}`);
    expect(page.headers()[name.toLowerCase()]).toBe(value);
  }
  expect(blocks[0]).toMatch(/\n {2}Strict-Transport-Security: max-age=\d+; includeSubDomains/);

  const script = /<script type="module" src="(\/_astro\/[^"]+\.js)"/.exec(await page.text())![1]!;
  const asset = await request.get(script);
  const documentHeaders = [
    ...Object.keys(documentOnlyHeaders),
    ...Object.keys(strictTransportSecurity),
    'Content-Security-Policy',
  ];
  expect(
    Object.keys(asset.headers()).filter((name) => documentHeaders.some((header) => header.toLowerCase() === name)),
  ).toEqual([]);
  expect(asset.headers()['x-content-type-options']).toBe('nosniff');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const hashed = blocks.find((block) => block.startsWith('/_astro/*\n'));
  for (const name of documentHeaders) expect(hashed).toContain(`\n  ! ${name}`);
  expect(hashed).toContain('\n  Cache-Control: public, max-age=31536000, immutable');
});
