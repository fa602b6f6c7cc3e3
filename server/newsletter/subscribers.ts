import type { DatabaseSync } from 'node:sqlite';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  EMAIL_INVALID_PROBLEM,
  subscriberCreateRequestSchema,
  subscriberUpdateRequestSchema,
  type Subscriber,
} from '../../src/lib/newsletter/subscriberSchema.ts';
import { writeToOutbox } from '../outbox.ts';
import { problem, readJson } from '../problem.ts';
import { confirmationEmail, shopOfReferer } from './confirmationEmail.ts';
import { DOI_TOKEN_LIFETIME_MS, hashDoiToken, newDoiToken } from './doiToken.ts';
import { rateLimit, type RateLimitOptions } from './rateLimit.ts';

/** Settings of the subscriber routes. */
export interface SubscriberRoutesOptions {
  /** Folder the confirmation e-mails go to. */
  outboxDir: string;
  /** Sign-ups per client and window. */
  signUpLimit: RateLimitOptions;
}

interface SubscriberRow {
  id: number;
  email: string;
  salutation: Subscriber['salutation'];
  first_name: string | null;
  last_name: string | null;
  consents: string;
  status: Subscriber['status'];
  doi_token_expires_at: string | null;
  confirmed_at: string | null;
}

function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    email: row.email,
    salutation: row.salutation,
    firstName: row.first_name,
    lastName: row.last_name,
    consents: JSON.parse(row.consents) as Subscriber['consents'],
    status: row.status,
  };
}

/**
 * `/newsletter-subscribers` of the newsletter service (docs/calls.md#newsletter-service): create, read, update, double
 * opt-in.
 */
export function subscriberRoutes(db: DatabaseSync, options: SubscriberRoutesOptions): Hono {
  const app = new Hono();
  const findByEmail = db.prepare('SELECT status FROM subscribers WHERE email = ?');
  const upsert = db.prepare(`
    INSERT INTO subscribers (email, salutation, first_name, last_name, consents, origin, origin_addition, site, status,
                             doi_token_hash, doi_token_expires_at, consented_at, created_at, updated_at)
    VALUES (:email, :salutation, :firstName, :lastName, :consents, :origin, :originAddition, :site, 'WAITING_FOR_DOI',
            :tokenHash, :expiresAt, :now, :now, :now)
    ON CONFLICT (email) DO UPDATE SET
      salutation = excluded.salutation, first_name = excluded.first_name, last_name = excluded.last_name,
      consents = excluded.consents, origin = excluded.origin, origin_addition = excluded.origin_addition, site = excluded.site,
      doi_token_hash = excluded.doi_token_hash, doi_token_expires_at = excluded.doi_token_expires_at,
      consented_at = excluded.consented_at, updated_at = excluded.updated_at
    WHERE subscribers.status <> 'SUBSCRIBED'`);
  const findByToken = db.prepare(`
    SELECT id, email, salutation, first_name, last_name, consents, status, doi_token_expires_at, confirmed_at
    FROM subscribers WHERE doi_token_hash = ?`);
  const update = db.prepare(`
    UPDATE subscribers SET salutation = :salutation, first_name = :firstName, last_name = :lastName, consents = :consents,
      updated_at = :now WHERE id = :id`);
  // Unconfirmed sign-ups are deleted once their link has expired (the Turkish legal text promises 14 days).
  const purgeExpired = db.prepare(`DELETE FROM subscribers WHERE status = 'WAITING_FOR_DOI' AND doi_token_expires_at < ?`);
  const confirm = db.prepare(`UPDATE subscribers SET status = 'SUBSCRIBED', confirmed_at = :now, updated_at = :now WHERE id = :id`);

  /** The subscriber of a link's token, or the problem to answer: 404 unknown, 410 expired. */
  function subscriberOfToken(c: Context): SubscriberRow | Response {
    const row = findByToken.get(hashDoiToken(c.req.param('token') ?? '')) as SubscriberRow | undefined;
    if (!row) return problem(c, 404, 'urn:newsletter:token_unknown', 'This link is not valid');
    if (row.doi_token_expires_at && Date.parse(row.doi_token_expires_at) < Date.now()) {
      return problem(c, 410, 'urn:newsletter:token_expired', 'This link has expired');
    }
    return row;
  }

  app.post('/newsletter-subscribers', rateLimit(options.signUpLimit), async (c) => {
    const result = v.safeParse(subscriberCreateRequestSchema, await readJson(c));
    if (!result.success) {
      const flat = v.flatten<typeof subscriberCreateRequestSchema>(result.issues);
      if (flat.nested?.email) return problem(c, 400, EMAIL_INVALID_PROBLEM, 'The e-mail address is not valid');
      return problem(c, 400, 'urn:newsletter:invalid_request', 'The request is not valid', { errors: flat.nested ?? {} });
    }
    const body = result.output;
    purgeExpired.run(new Date().toISOString());
    const known = findByEmail.get(body.email) as { status: Subscriber['status'] } | undefined;
    // An address that is already subscribed gets the same answer as a new one (no enumeration) and no new link.
    if (known?.status !== 'SUBSCRIBED') {
      const token = newDoiToken();
      const now = new Date();
      upsert.run({
        email: body.email,
        salutation: body.salutation ?? null,
        firstName: body.firstName ?? null,
        lastName: body.lastName ?? null,
        consents: JSON.stringify(body.consents),
        origin: body.origin,
        originAddition: body.originAddition,
        site: c.req.header('site') ?? null,
        tokenHash: hashDoiToken(token),
        expiresAt: new Date(now.getTime() + DOI_TOKEN_LIFETIME_MS).toISOString(),
        now: now.toISOString(),
      });
      // The configured public origin when there is one: a Host header is the client's to choose, and a link built from
      // it could send somebody else's confirmation token to a stranger's site.
      const origin = process.env.SITE_URL ? new URL(process.env.SITE_URL).origin : new URL(c.req.url).origin;
      const email = confirmationEmail(shopOfReferer(c.req.header('referer'), origin), origin, body.email, token);
      const file = writeToOutbox(options.outboxDir, email);
      // So whoever runs `npm start` can click through the double opt-in without a mail server.
      console.log(`Newsletter confirmation for ${body.email}: ${email.link} (${file})`);
    }
    return c.body(null, 201);
  });

  app.get('/newsletter-subscribers/:token', (c) => {
    const row = subscriberOfToken(c);
    if (row instanceof Response) return row;
    c.header('cache-control', 'no-store');
    return c.json(toSubscriber(row));
  });

  app.put('/newsletter-subscribers/:token', async (c) => {
    const row = subscriberOfToken(c);
    if (row instanceof Response) return row;
    const result = v.safeParse(subscriberUpdateRequestSchema, await readJson(c));
    if (!result.success) {
      return problem(c, 400, 'urn:newsletter:invalid_request', 'The request is not valid', { errors: v.flatten(result.issues).nested ?? {} });
    }
    const body = result.output;
    update.run({
      id: row.id,
      salutation: body.salutation ?? null,
      firstName: body.firstName ?? null,
      lastName: body.lastName ?? null,
      consents: JSON.stringify(body.consents),
      now: new Date().toISOString(),
    });
    return c.json(toSubscriber(findByToken.get(hashDoiToken(c.req.param('token'))) as unknown as SubscriberRow));
  });

  app.put('/newsletter-subscribers/:token/doi', (c) => {
    const row = subscriberOfToken(c);
    if (row instanceof Response) return row;
    // Single use: a link that already confirmed is spent.
    if (row.confirmed_at) return problem(c, 410, 'urn:newsletter:token_used', 'This link has already been used');
    confirm.run({ id: row.id, now: new Date().toISOString() });
    return c.body(null, 204);
  });

  return app;
}
