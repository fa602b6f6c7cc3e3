import { sql, type Kysely } from 'kysely';
import { onPostgres, rowsOfSql, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import { DEFERRED_UNTIL } from '../mail/mailJobs.ts';
import { newsletterMailKind } from '../newsletter/mails/newsletterMails.ts';

/** The window the confirmation-mail caps count in (docs/constants.md#limits). */
export const CONFIRMATION_CAP_WINDOW_MS = 60 * 60 * 1000;

/** How often deferred confirmation mails are let go as the caps allow (docs/constants.md#timings). */
export const CONFIRMATION_RELEASE_INTERVAL_MS = 10_000;

/** Confirmation mails allowed per window: per recipient domain, overall, and per client network and domain (settings). */
export interface ConfirmationCaps {
  perDomainPerHour: number;
  perHour: number;
  perNetworkPerHour: number;
}

/** The domain an address is mailed at, as counted: lower case, no trailing dot. */
export const recipientDomain = (address: string) =>
  address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');

/** The class of the PostgreSQL advisory locks the caps take, one per cap key (any constant of our own). */
const CAPS_LOCK_CLASS = 280_045;

/** What the caps decided for one confirmation mail: sent at once, or deferred until they allow it. */
export interface CapDecision {
  domain: string;
  network: string | null;
  deferred: boolean;
}

/** Confirmation mails let go in the window, overall, to a domain, and to a domain from a network. */
interface ReleasedCounts {
  overall: number;
  domain: number;
  network: number;
}

/**
 * How a decision locks one cap's key on PostgreSQL (on SQLite the write transaction serialises every decision):
 * `shared` while the cap is far from reached, so sign-ups do not wait for each other; `exclusive` near it, so the
 * decision waits for every one in flight and counts them.
 */
type CapLockMode = 'shared' | 'exclusive';

/**
 * Takes the advisory locks of cap keys until the transaction ends, in the order given (one statement; PostgreSQL
 * evaluates its select list in order). Every decision names its keys in one order, so no two wait for each other.
 */
function* capLocks(db: Kysely<SharedTables>, locks: readonly [key: string, mode: CapLockMode][]): StatementSteps<void> {
  const calls = locks.map(([key, mode]) => {
    const lock = sql.raw(mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock');
    return sql`${lock}(${CAPS_LOCK_CLASS}, hashtext(${key}))`;
  });
  yield sql`SELECT ${sql.join(calls)}`.compile(db);
}

/**
 * The most transactions that can be in flight at once on the PostgreSQL server (`max_connections`): a decision far
 * enough below a cap, by more than this, cannot be pushed past it by all of them together.
 */
function* inFlightAtMost(db: Kysely<SharedTables>): StatementSteps<number> {
  const [row] = yield* rowsOfSql(db, sql<{ n: number }>`SELECT current_setting('max_connections')::integer AS n`);
  return Number(row!.n);
}

function* releasedCounts(
  db: Kysely<SharedTables>,
  domain: string,
  network: string | null,
  since: string,
): StatementSteps<ReleasedCounts> {
  const [counts] = yield* rowsOfSql(
    db,
    sql<{ overall: number; domain: number | null; network: number | null }>`
      SELECT count(*) AS overall,
             sum(CASE WHEN cap_domain = ${domain} THEN 1 ELSE 0 END) AS domain,
             sum(CASE WHEN cap_domain = ${domain} AND coalesce(client_network, '') = ${network ?? ''} THEN 1 ELSE 0 END)
               AS network
      FROM mail_jobs WHERE kind = ${newsletterMailKind.confirmation} AND released_at > ${since}`,
  );
  return {
    overall: Number(counts!.overall),
    domain: Number(counts!.domain ?? 0),
    network: Number(counts!.network ?? 0),
  };
}

/** Whether the counts, with `margin` more mails, reach a cap. */
function overCap(counts: ReleasedCounts, caps: ConfirmationCaps, margin: number): boolean {
  return (
    counts.overall + margin >= caps.perHour ||
    counts.domain + margin >= caps.perDomainPerHour ||
    counts.network + margin >= caps.perNetworkPerHour
  );
}

/** The lock mode of each cap's key: exclusive once the cap is within `inFlight` mails. */
function capModes(
  counts: ReleasedCounts,
  caps: ConfirmationCaps,
  inFlight: number,
): Record<keyof ReleasedCounts, CapLockMode> {
  const mode = (count: number, cap: number): CapLockMode => (count + inFlight >= cap ? 'exclusive' : 'shared');
  return {
    overall: mode(counts.overall, caps.perHour),
    domain: mode(counts.domain, caps.perDomainPerHour),
    network: mode(counts.network, caps.perNetworkPerHour),
  };
}

/** Whether a key taken shared has come within `inFlight` of its cap meanwhile (it cannot be made exclusive now). */
function sharedButNear(
  counts: ReleasedCounts,
  caps: ConfirmationCaps,
  inFlight: number,
  modes: Record<keyof ReleasedCounts, CapLockMode>,
): boolean {
  const now = capModes(counts, caps, inFlight);
  return (Object.keys(modes) as (keyof ReleasedCounts)[]).some(
    (key) => modes[key] === 'shared' && now[key] === 'exclusive',
  );
}

/**
 * Caps on the confirmation mails the sign-up sends to strangers' addresses (docs/newsletter.md#rate-limit), counted
 * in the database (the confirmation mails let go in the last hour) inside the sign-up's write transaction, on
 * PostgreSQL under advisory locks per cap (shared far from the cap, so sign-ups do not queue for each other,
 * exclusive near it), so they hold across processes and under concurrency: per recipient domain, overall, and per client
 * network (IPv4 /24, IPv6 /48) and recipient domain. No cap drops a sign-up: one over a cap is stored, answered like
 * any other, and its confirmation mail deferred; {@link releaseDeferred} lets deferred mails go as the caps allow,
 * the networks that got the fewest first, so one source can delay its own sign-ups but nobody else's for long.
 */
export function confirmationCaps(caps: ConfirmationCaps, log: Pick<Console, 'warn'> = console) {
  let warnedUntil = 0;
  let inFlight: number | undefined;
  const since = (now: Date) => new Date(now.getTime() - CONFIRMATION_CAP_WINDOW_MS).toISOString();
  return {
    /**
     * Whether one more confirmation mail to `address`, asked from `network`, goes at once or waits (inside the
     * sign-up's transaction); says so in the log once an hour when a cap is reached.
     */
    *decide(db: Kysely<SharedTables>, address: string, network: string | null, now: Date): StatementSteps<CapDecision> {
      const domain = recipientDomain(address);
      const window = since(now);
      let deferred: boolean;
      if (!onPostgres(db)) {
        const counts = yield* releasedCounts(db, domain, network, window);
        deferred = overCap(counts, caps, 0);
      } else {
        // Each cap's key in the order overall, domain, network (one order: no deadlock), shared while the cap is
        // further away than the transactions that can be in flight, exclusive near it; then counted again.
        inFlight ??= yield* inFlightAtMost(db);
        const seen = yield* releasedCounts(db, domain, network, window);
        const modes = capModes(seen, caps, inFlight);
        yield* capLocks(db, [
          ['all', modes.overall],
          [`domain:${domain}`, modes.domain],
          [`network:${domain}:${network ?? ''}`, modes.network],
        ]);
        const counts = yield* releasedCounts(db, domain, network, window);
        // A key taken shared counts only while it stays far enough below its cap; else the mail waits for the releaser.
        deferred = overCap(counts, caps, 0) || sharedButNear(counts, caps, inFlight, modes);
      }
      if (deferred && now.getTime() > warnedUntil) {
        warnedUntil = now.getTime() + CONFIRMATION_CAP_WINDOW_MS;
        log.warn(
          `Newsletter: confirmation mails reached a cap (${caps.perNetworkPerHour} per client network and domain, ${caps.perDomainPerHour} per domain or ${caps.perHour} in all per hour); further sign-ups are stored and their mails deferred until the caps allow (docs/newsletter.md#rate-limit).`,
        );
      }
      return { domain, network, deferred };
    },

    /**
     * Lets deferred confirmation mails go as far as the caps allow now, per domain: round by round over the client
     * networks, those that got the fewest mails in the window first, among equals those with the fewest sign-ups
     * waiting (a shopper before a flood), then the oldest; never past a network's share. Forgets the client networks
     * of mails let go more than a window ago. Answers how many it let go.
     */
    *releaseDeferred(db: Kysely<SharedTables>, now: Date): StatementSteps<number> {
      const windowStart = since(now);
      const at = now.toISOString();
      yield sql`UPDATE mail_jobs SET client_network = NULL WHERE client_network IS NOT NULL
        AND ((released_at IS NOT NULL AND released_at <= ${windowStart}) OR state <> 'queued')`.compile(db);
      const waiting = yield* rowsOfSql(
        db,
        sql`SELECT 1 AS found FROM mail_jobs WHERE state = 'queued' AND next_attempt_at = ${DEFERRED_UNTIL} LIMIT 1`,
      );
      if (waiting.length === 0) return 0;
      // Every decision takes the overall key: exclusively held, the releaser has the caps to itself.
      if (onPostgres(db)) yield* capLocks(db, [['all', 'exclusive']]);
      const domains = yield* rowsOfSql(
        db,
        sql<{ domain: string }>`SELECT cap_domain AS domain FROM mail_jobs
          WHERE state = 'queued' AND next_attempt_at = ${DEFERRED_UNTIL} AND cap_domain IS NOT NULL
          GROUP BY cap_domain ORDER BY min(id)`,
      );
      if (domains.length === 0) return 0;
      const [overall] = yield* rowsOfSql(
        db,
        sql<{ n: number }>`SELECT count(*) AS n FROM mail_jobs
          WHERE kind = ${newsletterMailKind.confirmation} AND released_at > ${windowStart}`,
      );
      let overallFree = caps.perHour - Number(overall!.n);
      let released = 0;
      for (const { domain } of domains) {
        if (overallFree <= 0) break;
        const [sent] = yield* rowsOfSql(
          db,
          sql<{
            n: number;
          }>`SELECT count(*) AS n FROM mail_jobs WHERE cap_domain = ${domain} AND released_at > ${windowStart}`,
        );
        const free = Math.min(overallFree, caps.perDomainPerHour - Number(sent!.n));
        if (free <= 0) continue;
        const chosen = yield* rowsOfSql(
          db,
          sql<{ id: number }>`
            WITH released AS (
              SELECT coalesce(client_network, '') AS network, count(*) AS n FROM mail_jobs
              WHERE cap_domain = ${domain} AND released_at > ${windowStart} GROUP BY coalesce(client_network, '')),
            waiting AS (
              SELECT id, coalesce(client_network, '') AS network,
                     row_number() OVER (PARTITION BY coalesce(client_network, '') ORDER BY id) AS position,
                     count(*) OVER (PARTITION BY coalesce(client_network, '')) AS waiting
              FROM mail_jobs WHERE cap_domain = ${domain} AND state = 'queued' AND next_attempt_at = ${DEFERRED_UNTIL})
            SELECT w.id AS id FROM waiting w LEFT JOIN released r ON r.network = w.network
            WHERE w.position + coalesce(r.n, 0) <= ${caps.perNetworkPerHour}
            ORDER BY w.position + coalesce(r.n, 0), w.waiting, w.id LIMIT ${free}`,
        );
        if (chosen.length === 0) continue;
        yield sql`UPDATE mail_jobs SET next_attempt_at = ${at}, released_at = ${at}
          WHERE id IN (${sql.join(chosen.map((row) => row.id))}) AND state = 'queued'
            AND next_attempt_at = ${DEFERRED_UNTIL}`.compile(db);
        overallFree -= chosen.length;
        released += chosen.length;
      }
      return released;
    },
  };
}

/** The caps of one configuration. */
export type ConfirmationCapsOf = ReturnType<typeof confirmationCaps>;

/** Lets deferred confirmation mails go (see `releaseDeferred`) in a transaction of its own; answers how many. */
export function releaseDeferredConfirmations(
  database: SharedDatabase,
  caps: ConfirmationCapsOf,
  now: Date,
): Promise<number> {
  return database.atomically((db) => caps.releaseDeferred(db, now));
}
