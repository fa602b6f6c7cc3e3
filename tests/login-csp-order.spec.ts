import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { securityHeaders } from '../src/shared/securityHeaders.ts';
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

test('the built _headers and the server send the same security headers', async ({ request }) => {
  const response = await request.get('/de/');
  const global = fs.readFileSync(path.join(servedSiteDir, '_headers'), 'utf8').split('\n\n')[0]!;
  for (const [name, value] of Object.entries(securityHeaders)) {
    expect(global).toContain(`  ${name}: ${value}`);
    expect(response.headers()[name.toLowerCase()]).toBe(value);
  }
  expect(global).toMatch(/\n {2}Strict-Transport-Security: max-age=\d+; includeSubDomains/);
});
