import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import { shopByCode, shops } from '../../src/shared/countries.ts';
import { problem } from '../problem.ts';
import { services } from '../../src/shared/routes.ts';

/**
 * Stand-in for the promotion service: `GET /service/promotion/api/promotion/{name}` answers
 * `{ contentJSON: "<json string>" }` for the shop named by the `site` header (or `?site=`), 404 when it has none.
 */
export function promotionRoutes(db: DatabaseSync): Hono {
  const app = new Hono();
  const find = db.prepare('SELECT content_json FROM promotions WHERE site = ? AND name = ?');

  app.get(services.promotion.calls.promotion.path, (c) => {
    const site = c.req.header('site') ?? c.req.query('site') ?? '';
    if (!shopByCode(site)) return problem(c, 400, 'urn:promotion:unknown_site', `Unknown site "${site}"`);
    const row = find.get(site, c.req.param('name')) as { content_json: string } | undefined;
    if (!row) return problem(c, 404, 'urn:promotion:not_found', 'No such promotion for this site');
    c.header('cache-control', 'no-store');
    return c.json({ contentJSON: row.content_json });
  });

  return app;
}

/**
 * Fills the promotion table from `seedDir/{segment}.json` for shops that have no footer yet,
 * so a fresh database serves realistic content and an operator's later changes are kept.
 */
export function seedPromotions(db: DatabaseSync, seedDir: string): number {
  const insert = db.prepare(
    "INSERT OR IGNORE INTO promotions (site, name, content_json, updated_at) VALUES (?, 'SHOP_FOOTER', ?, ?)",
  );
  let seeded = 0;
  for (const shop of shops) {
    const file = path.join(seedDir, `${shop.segment}.json`);
    if (!fs.existsSync(file)) continue;
    const content = JSON.stringify(JSON.parse(fs.readFileSync(file, 'utf8')));
    seeded += Number(insert.run(shop.code, content, new Date().toISOString()).changes);
  }
  return seeded;
}
