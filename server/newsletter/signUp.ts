import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import * as v from 'valibot';
import { EMAIL_INVALID_PROBLEM, subscriberCreateRequestSchema } from '../../src/shared/newsletter/subscriberSchema.ts';
import { services } from '../../src/shared/routes.ts';
import { problem, readJson } from '../problem.ts';
import { inTransaction } from '../transaction.ts';
import { fieldErrors, invalidRequest } from './answers.ts';
import { confirmationEmail, shopOfReferer } from './confirmationEmail.ts';
import { consentTextVersion, countryRuleErrors, shopOfSiteHeader } from './countryRules.ts';
import { DOI_TOKEN_LIFETIME_MS, hashDoiToken, newDoiToken } from './doiToken.ts';
import { writeToOutbox } from './outbox.ts';
import { rateLimit, type RateLimitOptions } from './rateLimit.ts';
import type { SubscriberStore } from './subscriberStore.ts';

/** Settings of the sign-up. */
export interface SignUpOptions {
  /** Folder the confirmation e-mails go to. */
  outboxDir: string;
  /** Origin of the confirmation links (`SITE_URL`): never the request's Host header. */
  siteUrl: string;
  /** Sign-ups per client and window. */
  signUpLimit: RateLimitOptions;
}

/** At most one confirmation e-mail per address in this time; sign-ups in between keep the pending link. */
const CONFIRMATION_EMAIL_INTERVAL_MS = 10 * 60 * 1000;

/** `POST /newsletter-subscribers`: the sign-up (docs/calls.md#create-subscriber, docs/newsletter.md#double-opt-in). */
export function signUpRoute(db: DatabaseSync, store: SubscriberStore, options: SignUpOptions): Hono {
  const app = new Hono();
  app.post(services.newsletter.calls.createSubscriber.path, rateLimit(options.signUpLimit), async (c) => {
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
    const token = newDoiToken();
    const stored = inTransaction(db, () => {
      store.purgeExpired(now.toISOString());
      const known = store.byEmail(body.email);
      // Same answer in every case below, so nobody can tell a new, a pending or a subscribed address apart. An already
      // subscribed address gets no new link; a pending one that got its e-mail less than 10 minutes ago keeps its link
      // and gets no second e-mail (nobody can flood a mailbox through this form).
      const recentlyMailed =
        known?.confirmation_sent_at != null && now.getTime() - Date.parse(known.confirmation_sent_at) < CONFIRMATION_EMAIL_INTERVAL_MS;
      if (known?.status === 'SUBSCRIBED' || recentlyMailed) return undefined;
      const id = store.signUp({
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
      if (id !== undefined) store.logEvent(id, 'SIGNED_UP', 'sign-up', now.toISOString());
      return id;
    });
    if (stored !== undefined) {
      const email = confirmationEmail(shop, options.siteUrl, body.email, token);
      const file = writeToOutbox(options.outboxDir, email);
      store.confirmationSent(stored, new Date().toISOString());
      // So whoever runs `npm start` can click through the double opt-in without a mail server.
      console.log(`Newsletter confirmation for ${body.email}: ${email.link} (${file})`);
    }
    return c.body(null, 201);
  });
  return app;
}
