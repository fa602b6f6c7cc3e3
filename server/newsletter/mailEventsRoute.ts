import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { services } from '../../src/shared/routes.ts';
import { issueProblems, problem, readJson } from '../problem.ts';
import { MAX_LISTED_PROBLEMS } from '../promotion/routes.ts';
import type { MailEvents } from './mailEvents.ts';

/** The most events one webhook call may report (docs/constants.md#limits). */
export const MAIL_EVENTS_PER_CALL = 500;
/** The body a webhook call may send: room for `MAIL_EVENTS_PER_CALL` events at their longest (docs/constants.md#limits). */
export const MAIL_EVENTS_BODY_LIMIT_BYTES = 256 * 1024;

/** The body of `POST /service/mail/api/events` (docs/calls.md#mail-events). */
const mailEventsRequestSchema = v.strictObject({
  events: v.pipe(
    v.array(
      v.strictObject({
        type: v.picklist(['bounce', 'complaint']),
        bounceType: v.optional(v.picklist(['hard', 'soft'])),
        email: v.pipe(v.string(), v.maxLength(320), v.email()),
        shop: v.pipe(v.string(), v.maxLength(16)),
        jobId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      }),
    ),
    v.maxLength(MAIL_EVENTS_PER_CALL, `at most ${MAIL_EVENTS_PER_CALL} events per call`),
  ),
});

/** Whether the `Authorization: Bearer …` of a request is the secret, compared in constant time (both hashed first). */
function carriesSecret(authorization: string | undefined, secret: string): boolean {
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/**
 * `POST /service/mail/api/events` (docs/calls.md#mail-events): a mail provider reports bounces and complaints as
 * JSON, with `Authorization: Bearer MAIL_WEBHOOK_SECRET`. Without the secret set the call does not exist (404), so an
 * installation that does not use it offers nothing to guess at; a missing or wrong secret answers 401.
 */
export function mailEventsRoutes(events: MailEvents, secret: string | undefined): Hono {
  const app = new Hono();
  if (secret === undefined) return app;
  app.post(services.mailEvents.calls.reportMailEvents.path, async (c) => {
    if (!carriesSecret(c.req.header('authorization'), secret)) {
      c.header('www-authenticate', 'Bearer realm="mail events"');
      return problem(c, 401, 'urn:service:unauthorized', 'The webhook secret is required');
    }
    const body = v.safeParse(mailEventsRequestSchema, await readJson(c));
    if (!body.success) {
      const problems = issueProblems(body.issues);
      return problem(
        c,
        400,
        'urn:newsletter:invalid_request',
        'Expected { "events": [{ "type", "email", "shop" }, …] }',
        {
          problems: problems.slice(0, MAX_LISTED_PROBLEMS),
          problemCount: problems.length,
        },
      );
    }
    let applied = 0;
    for (const event of body.output.events) applied += Number(await events.reported(event));
    c.header('cache-control', 'no-store');
    return c.json({ applied, ignored: body.output.events.length - applied });
  });
  return app;
}
