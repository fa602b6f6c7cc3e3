import type { DatabaseSync } from 'node:sqlite';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  EMAIL_INVALID_PROBLEM,
  subscriberCreateRequestSchema,
  subscriberUpdateRequestSchema,
  subscriberSchema,
  type Subscriber,
} from '../../src/shared/newsletter/subscriberSchema.ts';
import { writeToOutbox } from './outbox.ts';
import { problem, readJson } from '../problem.ts';
import { jsonOf } from '../jsonOf.ts';
import { services } from '../../src/shared/routes.ts';
import { confirmationEmail, shopOfReferer } from './confirmationEmail.ts';
import { consentTextVersion, countryRuleErrors, shopOfSiteHeader } from './countryRules.ts';
import { DOI_TOKEN_LIFETIME_MS, hashDoiToken, newDoiToken } from './doiToken.ts';
import { rateLimit, type RateLimitOptions } from './rateLimit.ts';

/** Settings of the subscriber routes. */
export interface SubscriberRoutesOptions {
  /** Folder the confirmation e-mails go to. */
  outboxDir: string;
  /** Origin of the confirmation links (`SITE_URL`): never the request's Host header. */
  siteUrl: string;
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
}

/** At most one confirmation e-mail per address in this time; sign-ups in between keep the pending link. */
const CONFIRMATION_EMAIL_INTERVAL_MS = 10 * 60 * 1000;

/** Which token a call accepts: the confirmation link's (until confirmed) or the preferences token (once confirmed). */
type TokenKind = 'doi' | 'preferences';

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
 * `/newsletter-subscribers` of the newsletter service: create, read, update, double opt-in
 * (docs/calls.md#newsletter-service).
 * Tokens: the confirmation link's token confirms once and can read the pending sign-up; confirming spends it and
 * hands out a separate preferences token, the only one that can read and change the subscription afterwards. So a
 * confirmation link that leaks later (forwarded e-mail, browser history) opens nothing.
 */
export function subscriberRoutes(db: DatabaseSync, options: SubscriberRoutesOptions): Hono {
  const app = new Hono();
  const calls = services.newsletter.calls;
  const findByEmail = db.prepare('SELECT status, confirmation_sent_at FROM subscribers WHERE email = ?');
  const upsert = db.prepare(`
    INSERT INTO subscribers (email, salutation, first_name, last_name, consents, legals, origin, origin_addition, site, status,
                             doi_token_hash, doi_token_expires_at, consented_at, consent_text_version, confirmation_sent_at,
                             created_at, updated_at)
    VALUES (:email, :salutation, :firstName, :lastName, :consents, :legals, :origin, :originAddition, :site, 'WAITING_FOR_DOI',
            :tokenHash, :expiresAt, :now, :consentTextVersion, :now, :now, :now)
    ON CONFLICT (email) DO UPDATE SET
      salutation = excluded.salutation, first_name = excluded.first_name, last_name = excluded.last_name,
      consents = excluded.consents, legals = excluded.legals, origin = excluded.origin, origin_addition = excluded.origin_addition,
      site = excluded.site, doi_token_hash = excluded.doi_token_hash, doi_token_expires_at = excluded.doi_token_expires_at,
      consented_at = excluded.consented_at, consent_text_version = excluded.consent_text_version,
      confirmation_sent_at = excluded.confirmation_sent_at, updated_at = excluded.updated_at
    WHERE subscribers.status <> 'SUBSCRIBED'`);
  const columns = 'id, email, salutation, first_name, last_name, consents, status, doi_token_expires_at';
  const findByToken: Record<TokenKind, ReturnType<DatabaseSync['prepare']>> = {
    doi: db.prepare(`SELECT ${columns} FROM subscribers WHERE doi_token_hash = ? AND status = 'WAITING_FOR_DOI'`),
    preferences: db.prepare(`SELECT ${columns} FROM subscribers WHERE preferences_token_hash = ? AND status = 'SUBSCRIBED'`),
  };
  const update = db.prepare(`
    UPDATE subscribers SET salutation = :salutation, first_name = :firstName, last_name = :lastName, consents = :consents,
      updated_at = :now WHERE id = :id`);
  // Unconfirmed sign-ups are deleted once their link has expired (the Turkish legal text promises 14 days).
  const purgeExpired = db.prepare(`DELETE FROM subscribers WHERE status = 'WAITING_FOR_DOI' AND doi_token_expires_at < ?`);
  const confirm = db.prepare(`
    UPDATE subscribers SET status = 'SUBSCRIBED', confirmed_at = :now, updated_at = :now, doi_token_hash = NULL,
      doi_token_expires_at = NULL, preferences_token_hash = :preferencesTokenHash WHERE id = :id`);

  /** The subscriber of a token of one of the given kinds, or the problem to answer: 404 unknown, 410 expired link. */
  function subscriberOfToken(c: Context, kinds: readonly TokenKind[]): SubscriberRow | Response {
    const hash = hashDoiToken(c.req.param('token') ?? '');
    for (const kind of kinds) {
      const row = findByToken[kind].get(hash) as SubscriberRow | undefined;
      if (!row) continue;
      if (kind === 'doi' && row.doi_token_expires_at && Date.parse(row.doi_token_expires_at) < Date.now()) {
        return problem(c, 410, 'urn:newsletter:token_expired', 'This link has expired');
      }
      return row;
    }
    return problem(c, 404, 'urn:newsletter:token_unknown', 'This link is not valid');
  }

  app.post(calls.createSubscriber.path, rateLimit(options.signUpLimit), async (c) => {
    const result = v.safeParse(subscriberCreateRequestSchema, await readJson(c));
    if (!result.success) {
      if (v.flatten<typeof subscriberCreateRequestSchema>(result.issues).nested?.email) {
        return problem(c, 400, EMAIL_INVALID_PROBLEM, 'The e-mail address is not valid');
      }
      return invalidRequest(c, fieldErrors(result.issues));
    }
    const body = result.output;
    // The shop whose rules apply: the `site` header the page sends, else the page the sign-up came from.
    const siteShop = shopOfSiteHeader(c.req.header('site'));
    if (siteShop === null) return invalidRequest(c, { site: ['unknown shop'] });
    const shop = siteShop ?? shopOfReferer(c.req.header('referer'));
    const countryErrors = countryRuleErrors(shop, body);
    if (countryErrors) return invalidRequest(c, countryErrors);

    const now = new Date();
    purgeExpired.run(now.toISOString());
    const known = findByEmail.get(body.email) as { status: Subscriber['status']; confirmation_sent_at: string | null } | undefined;
    // Same answer in every case below, so nobody can tell a new, a pending or a subscribed address apart. An already
    // subscribed address gets no new link; a pending one that got its e-mail less than 10 minutes ago keeps its link
    // and gets no second e-mail (nobody can flood a mailbox through this form).
    const recentlyMailed =
      known?.confirmation_sent_at !== undefined &&
      known.confirmation_sent_at !== null &&
      now.getTime() - Date.parse(known.confirmation_sent_at) < CONFIRMATION_EMAIL_INTERVAL_MS;
    if (known?.status !== 'SUBSCRIBED' && !recentlyMailed) {
      const token = newDoiToken();
      upsert.run({
        email: body.email,
        salutation: body.salutation ?? null,
        firstName: body.firstName ?? null,
        lastName: body.lastName ?? null,
        consents: JSON.stringify(body.consents),
        legals: JSON.stringify(body.legals ?? []),
        origin: body.origin,
        originAddition: body.originAddition,
        site: shop.code,
        consentTextVersion: consentTextVersion(shop),
        tokenHash: hashDoiToken(token),
        expiresAt: new Date(now.getTime() + DOI_TOKEN_LIFETIME_MS).toISOString(),
        now: now.toISOString(),
      });
      const email = confirmationEmail(shop, options.siteUrl, body.email, token);
      const file = writeToOutbox(options.outboxDir, email);
      // So whoever runs `npm start` can click through the double opt-in without a mail server.
      console.log(`Newsletter confirmation for ${body.email}: ${email.link} (${file})`);
    }
    return c.body(null, 201);
  });

  app.get(calls.readSubscriber.path, (c) => {
    const row = subscriberOfToken(c, ['doi', 'preferences']);
    if (row instanceof Response) return row;
    c.header('cache-control', 'no-store');
    return jsonOf(c, subscriberSchema, toSubscriber(row));
  });

  app.put(calls.updateSubscriber.path, async (c) => {
    const row = subscriberOfToken(c, ['preferences']);
    if (row instanceof Response) return row;
    const result = v.safeParse(subscriberUpdateRequestSchema, await readJson(c));
    if (!result.success) return invalidRequest(c, fieldErrors(result.issues));
    const body = result.output;
    update.run({
      id: row.id,
      salutation: body.salutation ?? null,
      firstName: body.firstName ?? null,
      lastName: body.lastName ?? null,
      consents: JSON.stringify(body.consents),
      now: new Date().toISOString(),
    });
    return jsonOf(c, subscriberSchema, toSubscriber(findByToken.preferences.get(hashDoiToken(c.req.param('token'))) as unknown as SubscriberRow));
  });

  app.put(calls.confirmSubscriber.path, (c) => {
    const row = subscriberOfToken(c, ['doi']);
    if (row instanceof Response) return row;
    // Single use: confirming spends the link; from now on only the preferences token opens the subscription.
    const preferencesToken = newDoiToken();
    confirm.run({ id: row.id, now: new Date().toISOString(), preferencesTokenHash: hashDoiToken(preferencesToken) });
    c.header('cache-control', 'no-store');
    return c.json({ preferencesToken });
  });

  return app;
}

/** Messages per field; a field the schema does not know is reported as `unknown field` (strict schemas). */
function fieldErrors(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): Record<string, unknown> {
  const named = issues.map((issue) => (issue.type === 'strict_object' && issue.path ? { ...issue, message: 'unknown field' } : issue));
  return v.flatten(named as typeof issues).nested ?? {};
}

/** 400 naming the fields that were refused and why (catalogue keys or valibot messages). */
function invalidRequest(c: Context, errors: Record<string, unknown>) {
  return problem(c, 400, 'urn:newsletter:invalid_request', 'The request is not valid', { errors });
}
