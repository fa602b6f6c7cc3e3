import type { Context, Handler } from 'hono';
import { missingSite } from '../src/shared/publish/releases.ts';
import type { Publisher } from './publish/publisher.ts';
import { SENDER_STALL_REPORT_MS, type MailSender } from './mail/sender.ts';
import { problem } from './problem.ts';
import { siteUnavailablePage } from './siteUnavailablePage.ts';
import type { SharedDatabase } from './database/sharedDatabase.ts';
import { sql } from 'kysely';
import { databaseErrorReason } from './database/databaseUnreachable.ts';
import { isDatabaseTimingOut } from './database/databaseTimeout.ts';

/** What a client is told to wait before asking again while the site is being rebuilt (docs/constants.md#timings). */
export const RETRY_AFTER_SECONDS = 10;

/**
 * The site's state for `GET /service/health` and for pages (docs/calls.md#health): while `distDir` serves no release,
 * the health call answers 503 with the reason and pages answer 503 with `Retry-After`, and each asks the publisher to
 * build every shop (`repair`), so a missing or dangling `dist` heals by itself. The health call also answers 503 while
 * the shared PostgreSQL database does not answer (asked on every health call, within the request's database bound),
 * while it answers but writes keep timing out (degraded), and while the mail sender has been unable to work for longer
 * than `SENDER_STALL_REPORT_MS`.
 */
export function siteHealth(
  distDir: string,
  publisher: Publisher | undefined,
  mailSender?: Pick<MailSender, 'stalled'>,
  shared?: Pick<SharedDatabase, 'engine' | 'kysely' | 'ready' | 'degraded'>,
) {
  /** Undefined while the site serves a release; else whether a build that may repair it is under way, and why. */
  function check(): { reason: string; building: boolean } | undefined {
    const missing = missingSite(distDir);
    if (!missing) return undefined;
    return { reason: missing.message, building: publisher?.repair(missing.message) ?? false };
  }

  /**
   * Undefined while the shared PostgreSQL database answers and takes writes (or the data layer is SQLite, in this
   * process); else whether it cannot be reached or answers too slowly (degraded: writes timing out), and why.
   */
  async function databaseProblem(): Promise<
    { type: 'unreachable' | 'degraded'; reason: string; since?: string } | undefined
  > {
    if (shared?.engine !== 'postgres') return undefined;
    try {
      await shared.ready();
      await sql`select 1`.execute(shared.kysely);
    } catch (error) {
      const reason = databaseErrorReason(error);
      return isDatabaseTimingOut(error) ? { type: 'degraded', reason } : { type: 'unreachable', reason };
    }
    const degraded = shared.degraded();
    return degraded && { type: 'degraded', reason: degraded.reason, since: degraded.since.toISOString() };
  }

  const health: Handler = async (c) => {
    const down = check();
    c.header('cache-control', 'no-store');
    if (down) {
      c.header('retry-after', String(RETRY_AFTER_SECONDS));
      return problem(c, 503, 'urn:service:no_live_release', 'The site serves no release', down);
    }
    const database = await databaseProblem();
    if (database?.type === 'unreachable') {
      c.header('retry-after', String(RETRY_AFTER_SECONDS));
      return problem(c, 503, 'urn:service:database_unreachable', 'The services cannot reach their database', {
        reason: database.reason,
      });
    }
    if (database?.type === 'degraded') {
      c.header('retry-after', String(RETRY_AFTER_SECONDS));
      const { reason, since } = database;
      return problem(c, 503, 'urn:service:database_degraded', 'The database answers, but writes are timing out', {
        reason,
        ...(since && { since }),
      });
    }
    const stalled = mailSender?.stalled();
    if (stalled && Date.now() - stalled.since.getTime() > SENDER_STALL_REPORT_MS) {
      return problem(c, 503, 'urn:service:mail_sender_stalled', 'The mail sender cannot work; queued mail waits', {
        reason: stalled.reason,
        since: stalled.since.toISOString(),
      });
    }
    return c.json({ status: 'ok' });
  };

  /** The answer of a page request that found no site: a short page in the shop's language. */
  const pageWhenMissing = (c: Context): Response => {
    check();
    const { html, policy } = siteUnavailablePage(c.req.path);
    return c.html(html, 503, {
      'retry-after': String(RETRY_AFTER_SECONDS),
      'cache-control': 'no-store',
      'content-security-policy': policy,
    });
  };

  return { health, pageWhenMissing };
}
