import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import * as v from 'valibot';
import { EMAIL_INVALID_PROBLEM, subscriberCreateRequestSchema } from '../src/lib/newsletter/subscriberSchema.ts';
import { problem, readJson } from './problem.ts';

/**
 * Stand-in for the newsletter service under `/service/newsletter/api/{internal,private}`.
 * Validates with the same schema as the sign-up form, so both always agree on the rules.
 */
export function newsletterRoutes(db: DatabaseSync): Hono {
  const app = new Hono();
  const upsert = db.prepare(`
    INSERT INTO subscribers (email, salutation, first_name, last_name, consents, origin, origin_addition, site, status, created_at, updated_at)
    VALUES (:email, :salutation, :firstName, :lastName, :consents, :origin, :originAddition, :site, 'WAITING_FOR_DOI', :now, :now)
    ON CONFLICT (email) DO UPDATE SET
      salutation = excluded.salutation, first_name = excluded.first_name, last_name = excluded.last_name,
      consents = excluded.consents, updated_at = excluded.updated_at
    WHERE subscribers.status <> 'SUBSCRIBED'`);

  app.post('/newsletter-subscribers', async (c) => {
    const result = v.safeParse(subscriberCreateRequestSchema, await readJson(c));
    if (!result.success) {
      const flat = v.flatten<typeof subscriberCreateRequestSchema>(result.issues);
      if (flat.nested?.email) return problem(c, 400, EMAIL_INVALID_PROBLEM, 'The e-mail address is not valid');
      return problem(c, 400, 'urn:newsletter:invalid_request', 'The request is not valid', { errors: flat.nested ?? {} });
    }
    const body = result.output;
    // An address that is already subscribed gets the same answer as a new one: no enumeration.
    upsert.run({
      email: body.email,
      salutation: body.salutation ?? null,
      firstName: body.firstName ?? null,
      lastName: body.lastName ?? null,
      consents: JSON.stringify(body.consents),
      origin: body.origin,
      originAddition: body.originAddition,
      site: c.req.header('site') ?? null,
      now: new Date().toISOString(),
    });
    return c.body(null, 201);
  });

  return app;
}
