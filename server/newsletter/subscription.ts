import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import * as v from 'valibot';
import { shopByCode, shops } from '../../src/shared/countries.ts';
import { subscriberSchema, subscriberUpdateRequestSchema } from '../../src/shared/newsletter/subscriberSchema.ts';
import { services } from '../../src/shared/routes.ts';
import { jsonOf } from '../jsonOf.ts';
import { readJson } from '../problem.ts';
import { inTransaction } from '../transaction.ts';
import { fieldErrors, invalidRequest, subscriberOfToken } from './answers.ts';
import { countryRuleErrors } from './countryRules.ts';
import { hashDoiToken, newDoiToken } from './doiToken.ts';
import { toSubscriber, type ConsentChannel, type SubscriberRow, type SubscriberStore } from './subscriberStore.ts';

/** Bodies the unsubscribe call accepts: `{}` (or none at all). */
const unsubscribeRequestSchema = v.strictObject({});

/** The fields of the update body, the only ones whose shop rules a subscriber can break when changing them. */
const updateFields = new Set(Object.keys(subscriberUpdateRequestSchema.entries));

/**
 * Ends a subscription (docs/newsletter.md#unsubscribe): names erased, token dead, the consent and its withdrawal kept
 * in the row and the consent log. Shared by the preferences page's DELETE and the one-click POST.
 */
export function unsubscribe(db: DatabaseSync, store: SubscriberStore, row: SubscriberRow, channel: ConsentChannel): void {
  const now = new Date().toISOString();
  inTransaction(db, () => {
    store.withdraw(row.id, now);
    store.logEvent(row.id, 'WITHDRAWN', channel, now);
  });
}

/**
 * `/newsletter-subscribers/{token}`: read, change, end, and the double opt-in (docs/calls.md#newsletter-service).
 * Tokens: the confirmation link's token confirms once and can read the pending sign-up; confirming spends it and
 * hands out a separate preferences token, the only one that can read, change and end the subscription afterwards.
 * So a confirmation link that leaks later (forwarded e-mail, browser history) opens nothing.
 */
export function subscriptionRoutes(db: DatabaseSync, store: SubscriberStore): Hono {
  const app = new Hono();
  const calls = services.newsletter.calls;

  app.get(calls.readSubscriber.path, (c) => {
    const row = subscriberOfToken(c, store, ['doi', 'preferences']);
    if (row instanceof Response) return row;
    c.header('cache-control', 'no-store');
    return jsonOf(c, subscriberSchema, toSubscriber(row));
  });

  app.put(calls.updateSubscriber.path, async (c) => {
    const row = subscriberOfToken(c, store, ['preferences']);
    if (row instanceof Response) return row;
    const result = v.safeParse(subscriberUpdateRequestSchema, await readJson(c));
    if (!result.success) return invalidRequest(c, fieldErrors(result.issues));
    const body = result.output;
    // The rules of the shop the subscriber signed up in, with the very schema and messages of the sign-up.
    const shop = shopByCode(row.site ?? '') ?? shops[0]!;
    const errors = countryRuleErrors(shop, { ...body, email: row.email, legals: JSON.parse(row.legals) as [], origin: '', originAddition: '' });
    const ownErrors = errors && Object.fromEntries(Object.entries(errors).filter(([field]) => updateFields.has(field)));
    if (ownErrors && Object.keys(ownErrors).length > 0) return invalidRequest(c, ownErrors);
    const now = new Date().toISOString();
    const values = { salutation: body.salutation ?? null, firstName: body.firstName ?? null, lastName: body.lastName ?? null, consents: JSON.stringify(body.consents) };
    inTransaction(db, () => {
      store.update(row.id, values, now);
      if (values.consents !== row.consents) store.logEvent(row.id, 'CHANGED', 'preferences', now);
    });
    c.header('cache-control', 'no-store');
    return jsonOf(c, subscriberSchema, toSubscriber(store.byId(row.id)!));
  });

  app.delete(calls.deleteSubscriber.path, async (c) => {
    const row = subscriberOfToken(c, store, ['preferences']);
    if (row instanceof Response) return row;
    const text = await c.req.text();
    if (text.trim() !== '') {
      const result = v.safeParse(unsubscribeRequestSchema, readJsonText(text));
      if (!result.success) return invalidRequest(c, fieldErrors(result.issues));
    }
    unsubscribe(db, store, row, 'preferences');
    return c.body(null, 204);
  });

  app.put(calls.confirmSubscriber.path, (c) => {
    const row = subscriberOfToken(c, store, ['doi']);
    if (row instanceof Response) return row;
    // Single use: confirming spends the link; from now on only the preferences token opens the subscription.
    const preferencesToken = newDoiToken();
    const now = new Date().toISOString();
    inTransaction(db, () => {
      store.confirm(row.id, hashDoiToken(preferencesToken), now);
      store.logEvent(row.id, 'CONFIRMED', 'confirmation link', now);
    });
    c.header('cache-control', 'no-store');
    return c.json({ preferencesToken });
  });

  return app;
}

/** A body's JSON, or undefined when it is not JSON. */
function readJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
