import { countConfirmation, countUnsubscribe } from '../metrics/serviceMetrics.ts';
import { Hono } from 'hono';
import * as v from 'valibot';
import { shopByCode, shops } from '../../src/shared/countries.ts';
import {
  subscriberSchema,
  subscriberUpdateRequestSchema,
  type SubscriberUpdateRequest,
} from '../../src/shared/newsletter/subscriberSchema.ts';
import { changeableFieldNames, storedFieldsOf } from '../../src/shared/newsletter/subscriberFields.ts';
import { services } from '../../src/shared/routes.ts';
import { jsonOf } from '../jsonOf.ts';
import { readJson } from '../problem.ts';
import type { Kysely } from 'kysely';
import type { StatementSteps } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import { iysSyncStatements } from '../iys/syncQueue.ts';
import { mailJobStatements, newMessageId } from '../mail/mailJobs.ts';
import { fieldErrors, invalidRequest, subscriberOfToken, tokenUnknown } from './answers.ts';
import type { MailJobs } from '../mail/mailJobs.ts';
import type { IysClient } from '../iys/client.ts';
import { countryRuleErrors } from './countryRules.ts';
import { hashDoiToken, newDoiToken } from './doiToken.ts';
import { newsletterMailKind, type WelcomePayload } from './mails/newsletterMails.ts';
import { subscriberStatements, toSubscriber, type ConsentChannel, type OpenedSubscriber } from './subscriberStore.ts';
import { voucherStatements } from './vouchers.ts';
import { confirmAttributedSignUps } from '../abtests/abCounts.ts';
import { suppressionStatements } from '../mail/suppressions.ts';

/** Bodies the unsubscribe call accepts: `{}` (or none at all); an array is not an object here. */
const unsubscribeRequestSchema = v.pipe(
  v.unknown(),
  v.check((input) => !Array.isArray(input), 'must be an object'),
  v.strictObject({}),
);

/** The fields of the update body, the only ones whose shop rules a subscriber can break when changing them. */
const updateFields = new Set(Object.keys(subscriberUpdateRequestSchema.entries));

/** The newsletter's database (SQLite or PostgreSQL) and its mail queue, as the subscription routes use them. */
export interface SubscriptionStores {
  database: SharedDatabase;
  jobs: MailJobs;
  /** İYS, told `RET` before a TR address is erased (docs/newsletter.md#erasure). */
  iys?: IysClient | undefined;
}

/** What a write for a token answers when the token no longer opens what it opened when read (answered as unknown). */
export const TOKEN_GONE = 'token gone';

/** The transaction of an unsubscribe (see {@link unsubscribe}); whether it ended the subscription. */
export function* unsubscribeBody(
  db: Kysely<SharedTables>,
  row: OpenedSubscriber,
  channel: ConsentChannel,
  now: Date,
): StatementSteps<boolean> {
  const shop = shopByCode(row.site ?? '') ?? shops[0]!;
  if (!(yield* subscriberStatements.withdraw(db, row, now.toISOString()))) return false;
  yield* subscriberStatements.logEvent(db, row.id, 'WITHDRAWN', channel, now.toISOString());
  yield* mailJobStatements.cancelQueuedFor(db, row.id, 'unsubscribed', now);
  // TR: the withdrawal goes to İYS (docs/newsletter.md#iys).
  yield* iysSyncStatements.enqueue(db, { subscriberId: row.id, shop, recipient: row.email, status: 'RET', at: now });
  return true;
}

/**
 * Ends a subscription (docs/newsletter.md#unsubscribe): names erased, token dead, mails still queued to it cancelled,
 * the consent and its withdrawal kept in the row and the consent log. Shared by the preferences page's DELETE and
 * the one-click POST. False when the token no longer opens the subscription (docs/newsletter.md#one-token-one-write):
 * nothing changed.
 */
export async function unsubscribe(
  { database }: SubscriptionStores,
  row: OpenedSubscriber,
  channel: ConsentChannel,
): Promise<boolean> {
  const now = new Date();
  const ended = await database.atomically((db) => unsubscribeBody(db, row, channel, now));
  if (ended) countUnsubscribe(row.site, channel);
  if (ended) database.afterErasure();
  return ended;
}

/**
 * Changes a subscription's personal fields and consents (docs/newsletter.md#the-preferences-page) with the rules of
 * the shop the subscriber signed up in, with the very schema and messages of the sign-up: the refused fields, or
 * nothing once stored, or {@link TOKEN_GONE} when the token no longer opens the subscription (nothing changed). Shared
 * by the preferences page's `PUT` and its plain form.
 */
export async function updatePreferences(
  { database }: SubscriptionStores,
  row: OpenedSubscriber,
  body: SubscriberUpdateRequest,
): Promise<Record<string, string[]> | typeof TOKEN_GONE | undefined> {
  const shop = shopByCode(row.site ?? '') ?? shops[0]!;
  const errors = countryRuleErrors(shop, {
    ...body,
    email: row.email,
    legals: JSON.parse(row.legals) as [],
    origin: '',
    originAddition: '',
  });
  const ownErrors = errors && Object.fromEntries(Object.entries(errors).filter(([field]) => updateFields.has(field)));
  if (ownErrors && Object.keys(ownErrors).length > 0) return ownErrors;
  const now = new Date().toISOString();
  const values = storedFieldsOf(shop.newsletter, body, changeableFieldNames);
  return database.atomically(function* (k) {
    if (!(yield* subscriberStatements.update(k, row, values, now))) return TOKEN_GONE;
    if (values.consents !== row.consents)
      yield* subscriberStatements.logEvent(k, row.id, 'CHANGED', 'preferences', now);
    return undefined;
  });
}

/**
 * Confirms a pending sign-up (docs/newsletter.md#double-opt-in) and answers the new preferences token. Single use:
 * confirming spends the link; from now on only the preferences token opens the subscription. The confirmation, the
 * welcome voucher and the welcome mail's job are stored together (docs/newsletter.md#welcome-voucher). Shared by the
 * confirmation page's `PUT` and its plain form. Undefined when the link no longer opens the sign-up (confirmed meanwhile,
 * through another instance too: docs/newsletter.md#one-token-one-write): nothing changed.
 */
export async function confirmSubscription(
  { database, jobs }: SubscriptionStores,
  row: OpenedSubscriber,
): Promise<string | undefined> {
  const preferencesToken = newDoiToken();
  const now = new Date();
  const confirmed = await database.atomically((db) => confirmBody(db, jobs, row, preferencesToken, now));
  if (!confirmed) return undefined;
  countConfirmation(row.site);
  jobs.notify();
  return preferencesToken;
}

/** The transaction of a confirmation (see {@link confirmSubscription}); whether it confirmed. */
function* confirmBody(
  db: Kysely<SharedTables>,
  jobs: MailJobs,
  row: OpenedSubscriber,
  preferencesToken: string,
  now: Date,
): StatementSteps<boolean> {
  const shop = shopByCode(row.site ?? '') ?? shops[0]!;
  if (!(yield* subscriberStatements.confirm(db, row, hashDoiToken(preferencesToken), now.toISOString()))) return false;
  yield* subscriberStatements.logEvent(db, row.id, 'CONFIRMED', 'confirmation link', now.toISOString());
  yield* confirmAttributedSignUps(db, row.id, now.toISOString());
  // The confirmation proves the mailbox takes mail: a bounce suppression is lifted, a complaint never
  // (docs/newsletter.md#suppression).
  yield* suppressionStatements.confirmed(db, row.site ?? shop.code, row.email);
  yield* mailJobStatements.cancelQueuedFor(db, row.id, 'confirmed', now);
  const { mode, voucher } = yield* voucherStatements.welcome(db, row.id, shop, now);
  const payload: WelcomePayload = { preferencesToken, site: shop.code, voucherId: voucher.id, voucherMode: mode };
  const welcome = { kind: newsletterMailKind.welcome, recipient: row.email, subscriberId: row.id, payload };
  const welcomeJobId = yield* mailJobStatements.enqueue(db, welcome, newMessageId(now, jobs.messageIdDomain), now);
  // TR: the consent goes to İYS, and the welcome mail (marketing) waits until İYS accepted it (docs/newsletter.md#iys).
  yield* iysSyncStatements.enqueue(db, {
    subscriberId: row.id,
    shop,
    recipient: row.email,
    status: 'ONAY',
    at: now,
    holdMailJobId: welcomeJobId,
  });
  return true;
}

/**
 * `/newsletter-subscribers/{token}`: read, change, end, and the double opt-in (docs/calls.md#newsletter-service).
 * Tokens: the confirmation link's token confirms once and can read the pending sign-up; confirming spends it and
 * hands out a separate preferences token, the only one that can read, change and end the subscription afterwards.
 * So a confirmation link that leaks later (forwarded e-mail, browser history) opens nothing.
 */
export function subscriptionRoutes(stores: SubscriptionStores): Hono {
  const { database } = stores;
  const app = new Hono();
  const calls = services.newsletter.calls;

  app.get(calls.readSubscriber.path, async (c) => {
    const row = await subscriberOfToken(c, database, ['doi', 'preferences']);
    if (row instanceof Response) return row;
    c.header('cache-control', 'no-store');
    return jsonOf(c, subscriberSchema, toSubscriber(row));
  });

  app.put(calls.updateSubscriber.path, async (c) => {
    const row = await subscriberOfToken(c, database, ['preferences']);
    if (row instanceof Response) return row;
    const result = v.safeParse(subscriberUpdateRequestSchema, await readJson(c));
    if (!result.success) return invalidRequest(c, fieldErrors(result.issues));
    const errors = await updatePreferences(stores, row, result.output);
    if (errors === TOKEN_GONE) return tokenUnknown(c);
    if (errors) return invalidRequest(c, errors);
    c.header('cache-control', 'no-store');
    const changed = await database.run((db) => subscriberStatements.byId(db, row.id));
    return jsonOf(c, subscriberSchema, toSubscriber(changed!));
  });

  app.delete(calls.deleteSubscriber.path, async (c) => {
    const row = await subscriberOfToken(c, database, ['preferences']);
    if (row instanceof Response) return row;
    const text = await c.req.text();
    if (text.trim() !== '') {
      const result = v.safeParse(unsubscribeRequestSchema, readJsonText(text));
      if (!result.success) return invalidRequest(c, fieldErrors(result.issues));
    }
    if (!(await unsubscribe(stores, row, 'preferences'))) return tokenUnknown(c);
    return c.body(null, 204);
  });

  app.put(calls.confirmSubscriber.path, async (c) => {
    const row = await subscriberOfToken(c, database, ['doi']);
    if (row instanceof Response) return row;
    const preferencesToken = await confirmSubscription(stores, row);
    if (preferencesToken === undefined) return tokenUnknown(c);
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
