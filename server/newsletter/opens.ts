import { sql } from 'kysely';
import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import {
  OPENED_AT_FUTURE_TOLERANCE_MS,
  recordOpensRequestSchema,
  recordOpensResponseSchema,
  type RecordOpensRequest,
} from '../../src/shared/newsletter/opensSchema.ts';
import { services } from '../../src/shared/routes.ts';
import { jsonOf } from '../jsonOf.ts';
import { MAX_LISTED_PROBLEMS } from '../promotion/routes.ts';
import { issueProblems, problem, readJson } from '../problem.ts';
import { rowsOfSql } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';

/** The body the opens call may send: 1000 opens with long addresses (docs/constants.md#limits). */
export const OPENS_BODY_LIMIT_BYTES = 512 * 1024;

/** A refused open: where in the body, and why. */
interface OpenProblem {
  path: string;
  message: string;
}

/** Opens whose `openedAt` lies further in the future than the tolerance allows, as problems at their field. */
function futureOpens(body: RecordOpensRequest, now: Date): OpenProblem[] {
  const latest = now.getTime() + OPENED_AT_FUTURE_TOLERANCE_MS;
  return body.opens.flatMap((open, index) =>
    Date.parse(open.openedAt) > latest ? [{ path: `$.opens[${index}].openedAt`, message: 'lies in the future' }] : [],
  );
}

/**
 * Stores reported opens (docs/newsletter.md#opens-and-the-tr-two-year-rule), all in one transaction: each sets the
 * subscriber's `last_opened_at` to the later of the stored value and its `openedAt` (UTC), for a subscribed
 * subscriber of that shop with that address only; an older open never moves it back. Answers how many opens matched a
 * subscribed subscriber and how many matched none (unknown address, other shop, not or no longer subscribed).
 */
export function recordOpens(
  database: SharedDatabase,
  body: RecordOpensRequest,
): Promise<{ recorded: number; ignored: number }> {
  // Addresses compare regardless of case, as the sign-up looks them up; ISO 8601 UTC strings of one format sort as
  // the instants they name.
  return database.atomically(function* (db) {
    let recorded = 0;
    for (const open of body.opens) {
      const openedAt = new Date(open.openedAt).toISOString();
      const changed = yield* rowsOfSql(
        db,
        sql`UPDATE subscribers SET last_opened_at = CASE WHEN last_opened_at IS NULL OR last_opened_at < ${openedAt}
              THEN ${openedAt} ELSE last_opened_at END
            WHERE lower(email) = lower(${open.email}) AND site = ${open.shop} AND status = 'SUBSCRIBED' RETURNING id`,
      );
      recorded += Number(changed.length > 0);
    }
    return { recorded, ignored: body.opens.length - recorded };
  });
}

/**
 * `POST /service/newsletter/api/opens` (docs/calls.md#record-opens): the retailer's mailing system, which sends the
 * regular e-bulletins, reports which subscribers opened one. Behind `admin`, the server's one admin-token guard
 * (`requireAdminToken`), on this route only: the base is shared with the pages' newsletter calls. `now` is for tests.
 */
export function opensRoutes(
  database: SharedDatabase,
  admin: MiddlewareHandler,
  now: () => Date = () => new Date(),
): Hono {
  const app = new Hono();
  app.post(services.newsletterOpens.calls.recordOpens.path, admin, async (c) => {
    const body = v.safeParse(recordOpensRequestSchema, await readJson(c));
    const problems = body.success ? futureOpens(body.output, now()) : issueProblems(body.issues);
    if (!body.success || problems.length > 0) {
      return problem(
        c,
        400,
        'urn:newsletter:invalid_request',
        'Expected { "opens": [{ "shop", "email", "openedAt" }, …] }',
        {
          problems: problems.slice(0, MAX_LISTED_PROBLEMS),
          problemCount: problems.length,
        },
      );
    }
    c.header('cache-control', 'no-store');
    return jsonOf(c, recordOpensResponseSchema, await recordOpens(database, body.output));
  });
  return app;
}
