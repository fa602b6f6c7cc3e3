import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { shopBySegment, type Shop } from '../../shared/countries.ts';
import { loadFooter, reportLine, type LoadFooterOptions } from './loadFooter.ts';
import { unavailableMessage } from '../../lib/footer/unavailableFooter.ts';
import { versionOfEntityTag } from './fetchCmsFooter.ts';

const seed = (segment: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, `../../../server/seed/footer/${segment}.json`), 'utf8');
const fallbackFor = (shop: Shop) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../content/footer/${shop.segment}.json`), 'utf8'));
const de = shopBySegment('de')!;
const at = shopBySegment('at')!;
const ch = shopBySegment('ch')!;
const hu = shopBySegment('hu')!;

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let server: http.Server | undefined;
const seen: http.IncomingMessage[] = [];

/** A real HTTP server on a free port that plays the promotion service. */
async function promotionService(handler: Handler): Promise<string> {
  server = http.createServer((req, res) => {
    seen.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  seen.length = 0;
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

const options = (origin: string, extra: Partial<LoadFooterOptions> = {}): LoadFooterOptions => ({
  // Generous for a busy machine; the timeout test sets its own short one.
  origin,
  readFallback: fallbackFor,
  allowMinimal: false,
  timeoutMs: 5000,
  ...extra,
});
const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(typeof body === 'string' ? body : JSON.stringify(body));
};

describe('loadFooter', () => {
  test('uses valid CMS content, asking for the shop by its site header', async () => {
    const origin = await promotionService((_req, res) => json(res, 200, { contentJSON: seed('hu') }));
    const footer = await loadFooter(hu, options(origin));
    expect(footer).toMatchObject({ source: 'cms', dropped: [], reasons: [] });
    expect(footer.content?.headline).toBe('Ügyfélszolgálat és segítség');
    expect(seen[0]?.url).toBe('/service/promotion/api/promotion/SHOP_FOOTER');
    expect(seen[0]?.headers.site).toBe('HU');
    expect(seen[0]?.headers.referer).toBeUndefined();
  });

  test('keeps the CMS version the entity tag names, used or not, and says it in the report line', async () => {
    let answer = { status: 200, body: { contentJSON: seed('hu') } as unknown };
    const origin = await promotionService((_req, res) => {
      res
        .writeHead(answer.status, { 'content-type': 'application/json', etag: '"7"' })
        .end(JSON.stringify(answer.body));
    });
    const used = await loadFooter(hu, options(origin));
    expect(used).toMatchObject({ source: 'cms', contentVersion: 7 });
    expect(reportLine(used)).toBe('footer hu: CMS (version 7), 0 problem(s) dropped');

    answer = { status: 200, body: { contentJSON: JSON.stringify({ headline: 42 }) } };
    const fallback = await loadFooter(de, options(origin));
    expect(fallback).toMatchObject({ source: 'fallback', contentVersion: 7 });
    expect(reportLine(fallback)).toMatch(
      /^footer de: FALLBACK \(CMS version 7 not used\), 0 problem\(s\) dropped \(CMS content is invalid: /,
    );
    answer = { status: 500, body: {} };
    expect(await loadFooter(de, options(origin))).not.toHaveProperty('contentVersion');
  });

  test('records no version for an entity tag that is not a version number', () => {
    expect(versionOfEntityTag('"12"')).toBe(12);
    expect(versionOfEntityTag('W/"12"')).toBe(12);
    for (const tag of [null, '', 'w/"12"', '"v12"', '12', '"1.5"', '"99999999999999999"'])
      expect(versionOfEntityTag(tag)).toBeUndefined();
  });

  test('falls back when the service is down', async () => {
    const origin = await promotionService(() => {});
    await new Promise((resolve) => server!.close(resolve));
    const footer = await loadFooter(de, options(origin));
    expect(footer).toMatchObject({
      source: 'fallback',
      reasons: [`the promotion service could not be reached at ${origin}`],
    });
    expect(footer.content?.teaserGroups.find((g) => g.heading.iconName === 'returns')?.introductoryText).toMatch(
      /30 Tage/,
    );
  });

  test('falls back on 404', async () => {
    const origin = await promotionService((_req, res) => json(res, 404, { type: 'urn:promotion:not_found' }));
    const footer = await loadFooter(at, options(origin));
    expect(footer).toMatchObject({
      source: 'fallback',
      reasons: ['the promotion service has no SHOP_FOOTER for this shop (404)'],
    });
    expect(JSON.stringify(footer.content)).toMatch(/14 Tage/);
  });

  test('falls back on a timeout without waiting 15 s', async () => {
    const origin = await promotionService(() => {
      /* never answers */
    });
    const started = Date.now();
    const footer = await loadFooter(ch, options(origin, { timeoutMs: 200 }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(footer).toMatchObject({
      source: 'fallback',
      reasons: ['the promotion service did not answer within 200 ms'],
    });
    expect(JSON.stringify(footer.content)).toMatch(/3 Monate/);
  });

  test('falls back on an answer that is not JSON, or whose contentJSON is not JSON', async () => {
    let body = '<html>oops</html>';
    const origin = await promotionService((_req, res) => json(res, 200, body));
    expect(await loadFooter(de, options(origin))).toMatchObject({
      source: 'fallback',
      reasons: ['the promotion service answered with invalid JSON'],
    });
    body = JSON.stringify({ contentJSON: '{"headline":' });
    const footer = await loadFooter(de, options(origin));
    expect(footer.source).toBe('fallback');
    expect(footer.reasons[0]).toMatch(/^contentJSON is not valid JSON/);
  });

  test('falls back on content that fails validation, naming the JSON paths', async () => {
    const broken = JSON.parse(seed('de'));
    broken.teaserGroups = 'none';
    const origin = await promotionService((_req, res) => json(res, 200, { contentJSON: JSON.stringify(broken) }));
    const footer = await loadFooter(de, options(origin));
    expect(footer.source).toBe('fallback');
    expect(footer.reasons[0]).toMatch(/^CMS content is invalid: 1 invalid value\(s\): \$\.teaserGroups: /);
  });

  test('falls back on a server error', async () => {
    const origin = await promotionService((_req, res) => json(res, 500, {}));
    expect(await loadFooter(de, options(origin))).toMatchObject({
      source: 'fallback',
      reasons: ['the promotion service answered HTTP 500'],
    });
  });

  test('keeps CMS content with an unsafe link, minus the link, and counts it', async () => {
    const content = JSON.parse(seed('tr'));
    content.socialMedia.icons[0].link = 'javascript:alert(1)';
    const origin = await promotionService((_req, res) => json(res, 200, { contentJSON: JSON.stringify(content) }));
    const footer = await loadFooter(shopBySegment('tr')!, options(origin));
    expect(footer.source).toBe('cms');
    expect(footer.dropped).toEqual([
      { path: '$.socialMedia.icons[0].link', message: 'unsafe link "javascript:alert(1)" dropped' },
    ]);
  });

  test('a shop without fallback is unavailable, with a message naming the country and the problem', async () => {
    const origin = await promotionService((_req, res) => json(res, 404, {}));
    const footer = await loadFooter(hu, options(origin));
    expect(footer.source).toBe('unavailable');
    expect(footer.content).toBeUndefined();
    expect(unavailableMessage(footer, hu.code)).toMatch(
      /^The HU shop has no footer: the promotion service has no SHOP_FOOTER for this shop \(404\)\. .*--allow-minimal-footer/,
    );
  });

  test('a shop without fallback gets the minimal footer when the operator allows it', async () => {
    const origin = await promotionService((_req, res) => json(res, 503, {}));
    const footer = await loadFooter(hu, options(origin, { allowMinimal: true }));
    expect(footer).toMatchObject({ source: 'minimal', reasons: ['the promotion service answered HTTP 503'] });
  });

  test('a broken fallback is reported too, not shipped', async () => {
    const origin = await promotionService((_req, res) => json(res, 404, {}));
    const footer = await loadFooter(de, options(origin, { readFallback: () => ({ headline: 'x' }) }));
    expect(footer.source).toBe('unavailable');
    expect(footer.reasons[1]).toMatch(/^fallback content is invalid: 3 invalid value\(s\): \$\.teaserGroups/);
  });
});
