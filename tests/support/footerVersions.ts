import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** A footer content version as the content store holds it. */
export interface FooterVersion {
  /** Shop code, e.g. `DE`. */
  site: string;
  /** ISO instant from which it is valid. */
  validFrom: string;
  /** The A/B test and group it is meant for, if any. */
  abTarget?: { test: string; group: string };
  content: unknown;
}

/** The shop's seeded footer (server/seed/footer), to derive a visibly different version from. */
export function seededFooter(segment: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../server/seed/footer/${segment}.json`), 'utf8'));
}

/** Whether the tests started the services themselves, on a database they may write to. */
export const canStoreVersions = Boolean(process.env.DATA_DIR);

/**
 * Test-only seam: puts a footer version where the preview render looks for content (docs/preview.md#preview-render)
 * and returns how to take it away again. Until content has versions, the store is the shop's one `SHOP_FOOTER`
 * promotion, which the preview render reads whatever the moment or group, so the version replaces it for the test;
 * the static release was built before and does not change.
 */
export function storeFooterVersion(version: FooterVersion): () => void {
  const db = new DatabaseSync(path.join(process.env.DATA_DIR!, 'test.sqlite'));
  const select = db.prepare("SELECT content_json AS content FROM promotions WHERE site = ? AND name = 'SHOP_FOOTER'");
  const update = db.prepare("UPDATE promotions SET content_json = ? WHERE site = ? AND name = 'SHOP_FOOTER'");
  const live = (select.get(version.site) as { content: string }).content;
  update.run(JSON.stringify(version.content), version.site);
  return () => {
    update.run(live, version.site);
    db.close();
  };
}
