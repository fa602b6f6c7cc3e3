import type { Context, Handler } from 'hono';
import { missingSite } from '../src/shared/publish/releases.ts';
import type { Publisher } from './publish/publisher.ts';
import { problem } from './problem.ts';
import { siteUnavailablePage } from './siteUnavailablePage.ts';

/** What a client is told to wait before asking again while the site is being rebuilt (docs/constants.md#timings). */
export const RETRY_AFTER_SECONDS = 10;

/**
 * The site's state for `GET /service/health` and for pages (docs/calls.md#health): while `distDir` serves no release,
 * the health call answers 503 with the reason and pages answer 503 with `Retry-After`, and each asks the publisher to
 * build every shop (`repair`), so a missing or dangling `dist` heals by itself.
 */
export function siteHealth(distDir: string, publisher: Publisher | undefined) {
  /** Undefined while the site serves a release; else whether a build that may repair it is under way, and why. */
  function check(): { reason: string; building: boolean } | undefined {
    const missing = missingSite(distDir);
    if (!missing) return undefined;
    return { reason: missing.message, building: publisher?.repair(missing.message) ?? false };
  }

  const health: Handler = (c) => {
    const down = check();
    if (!down) return c.json({ status: 'ok' });
    c.header('retry-after', String(RETRY_AFTER_SECONDS));
    c.header('cache-control', 'no-store');
    return problem(c, 503, 'urn:service:no_live_release', 'The site serves no release', down);
  };

  /** The answer of a page request that found no site: a short page in the shop's language. */
  const pageWhenMissing = (c: Context): Response => {
    check();
    const { html, policy } = siteUnavailablePage(c.req.path);
    return c.html(html, 503, { 'retry-after': String(RETRY_AFTER_SECONDS), 'cache-control': 'no-store', 'content-security-policy': policy });
  };

  return { health, pageWhenMissing };
}
