import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { Shop } from '../../src/shared/countries.ts';
import {
  EMAIL_INVALID_PROBLEM,
  subscriberCreateRequestSchema,
  type SubscriberCreateRequest,
} from '../../src/shared/newsletter/subscriberSchema.ts';
import { storedFieldsOf, subscriberFieldNames } from '../../src/shared/newsletter/subscriberFields.ts';
import { services } from '../../src/shared/routes.ts';
import { problem, readJson } from '../problem.ts';
import type { Kysely } from 'kysely';
import type { StatementSteps } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import { mailJobStatements, newMessageId } from '../mail/mailJobs.ts';
import { maskAddress } from '../mail/maskAddresses.ts';
import { fieldErrors, invalidRequest } from './answers.ts';
import type { MailJobs } from '../mail/mailJobs.ts';
import type { ConfirmationCapsOf } from '../throttle/confirmationCaps.ts';
import { requestClientNetwork } from './clientKey.ts';
import { consentTextVersion, countryRuleErrors, shopOfReferer, shopOfSiteHeader } from './countryRules.ts';
import { DOI_TOKEN_LIFETIME_MS, hashDoiToken, newDoiToken } from './doiToken.ts';
import { confirmationLink, newsletterMailKind, type ConfirmationPayload } from './mails/newsletterMails.ts';
import type { RateLimitOptions } from '../throttle/signUpLimit.ts';
import { subscriberStatements } from './subscriberStore.ts';
import { countSignUp, type SignUpOutcome } from '../metrics/serviceMetrics.ts';
import { serviceLog } from '../log/serviceLog.ts';
import { serverSecret } from '../secrets.ts';
import { attributeSignUp } from '../abtests/abCounts.ts';
import { consentedVisitorIdOfSignUp } from '../abtests/visitorConsent.ts';

/** Settings of the sign-up. */
export interface SignUpOptions {
  /** Origin of the confirmation links (`SITE_URL`): never the request's Host header. */
  siteUrl: string;
  /** Sign-ups per client and window. */
  signUpLimit: RateLimitOptions;
  /**
   * Whether mails go to the file outbox (no `SMTP_URL`): then the confirmation link is also printed on the console,
   * so whoever runs `npm start` can click through without a mail server. Never with a real mail server: the link
   * is as good as the address's consent.
   */
  printLinks: boolean;
  /** Caps on confirmation mails per recipient domain, overall and per client network (docs/newsletter.md#rate-limit). */
  confirmationCaps: ConfirmationCapsOf;
}

/** At most one confirmation e-mail per address in this time; sign-ups in between keep the pending link (docs/constants.md#timings). */
export const CONFIRMATION_EMAIL_INTERVAL_MS = 10 * 60 * 1000;

/** A checked sign-up: the create request, the shop whose rules it passed, and the client network it came from. */
export interface CheckedSignUp {
  body: SubscriberCreateRequest;
  shop: Shop;
  /** IPv4 /24 or IPv6 /48 of the client (server/newsletter/clientKey.ts), for the confirmation caps. */
  network: string | null;
  /** The visitor's `ab_visitor` id, with statistics consent: the sign-up is credited to their A/B groups. */
  abVisitorId?: string;
}

/**
 * Stores a checked sign-up and queues its confirmation mail (docs/newsletter.md#double-opt-in): the one place both
 * doors (the JSON call and the plain form, docs/newsletter.md#three-paths) register a sign-up, so they follow the same
 * rules. Returns nothing: the caller answers alike in every case, so nobody can tell a new, a pending or a subscribed
 * address apart.
 */
export async function registerSignUp(
  database: SharedDatabase,
  jobs: MailJobs,
  options: Pick<SignUpOptions, 'siteUrl' | 'printLinks' | 'confirmationCaps'>,
  signUp: CheckedSignUp,
): Promise<void> {
  const { body, shop } = signUp;
  const now = new Date();
  const token = newDoiToken();
  const expiresAt = new Date(now.getTime() + DOI_TOKEN_LIFETIME_MS);
  // The subscriber and the mail job are stored together or not at all (the transactional outbox): a sign-up never
  // counts as mailed before its mail was handed over, and no mail is lost if the transport is down.
  const abKey = signUp.abVisitorId === undefined ? undefined : serverSecret(database, 'abVisitors');
  const queued = await database.atomically((db) =>
    signUpBody(db, jobs, options, signUp, { now, token, expiresAt, abKey }),
  );
  countSignUp(shop, queued === undefined ? 'unchanged' : 'created');
  if (queued !== undefined) {
    jobs.notify();
    // The link is as good as the address's consent: printed for local runs only, never with SMTP_URL
    // (docs/security.md#what-the-logs-hold).
    if (options.printLinks)
      serviceLog.info(
        `Newsletter confirmation for ${maskAddress(body.email)}: ${confirmationLink(options.siteUrl, shop, token)} (mail job ${queued})`,
        { shop: shop.segment, mailJob: queued },
      );
  }
}

/**
 * The sign-up's transaction (see {@link registerSignUp}): answers the id of the confirmation mail's job, or undefined
 * when nothing was stored.
 */
function* signUpBody(
  db: Kysely<SharedTables>,
  jobs: MailJobs,
  options: Pick<SignUpOptions, 'confirmationCaps'>,
  { body, shop, network, abVisitorId }: CheckedSignUp,
  { now, token, expiresAt, abKey }: { now: Date; token: string; expiresAt: Date; abKey: string | undefined },
): StatementSteps<number | undefined> {
  yield* subscriberStatements.purgeExpired(db, now.toISOString());
  const known = yield* subscriberStatements.byEmail(db, body.email);
  // An already subscribed address gets no new link. At most one confirmation e-mail goes to an address per 10
  // minutes (counting mails handed over): a pending sign-up whose mail went out less than 10 minutes ago, or is still
  // on its way, keeps its link and gets no second one; an address that unsubscribed gets its new mail once the 10
  // minutes are over.
  if (known?.status === 'SUBSCRIBED') return undefined;
  const lastSent = known?.confirmation_sent_at ? Date.parse(known.confirmation_sent_at) : Number.NEGATIVE_INFINITY;
  const intervalOver = lastSent + CONFIRMATION_EMAIL_INTERVAL_MS;
  if (
    known?.status === 'WAITING_FOR_DOI' &&
    (intervalOver > now.getTime() ||
      (yield* mailJobStatements.hasPending(db, known.id, newsletterMailKind.confirmation)))
  ) {
    return undefined;
  }
  const id = (yield* subscriberStatements.signUp(db, {
    ...storedFieldsOf(shop.newsletter, body, subscriberFieldNames),
    site: shop.code,
    consentTextVersion: consentTextVersion(shop),
    tokenHash: hashDoiToken(token),
    expiresAt: expiresAt.toISOString(),
    now: now.toISOString(),
  }))!;
  yield* subscriberStatements.logEvent(db, id, 'SIGNED_UP', 'sign-up', now.toISOString());
  // Credited to the visitor's A/B groups in the tests running now (docs/operations.md#ab-test-report).
  if (abVisitorId !== undefined && abKey !== undefined)
    yield* attributeSignUp(db, {
      subscriberId: id,
      shop: shop.code,
      visitorId: abVisitorId,
      key: abKey,
      now: now.toISOString(),
    });
  // Over a cap on confirmation mails (per client network and domain, per domain, overall): stored all the same, its
  // confirmation mail deferred until the caps allow it; the answer is the same as for any sign-up. Decided last, right
  // before the commit: on PostgreSQL the decision holds the caps' lock until then.
  const cap = yield* options.confirmationCaps.decide(db, body.email, network, now);
  const payload: ConfirmationPayload = { token, site: shop.code };
  const job = {
    kind: newsletterMailKind.confirmation,
    recipient: body.email,
    subscriberId: id,
    payload,
    notBefore: new Date(Math.max(now.getTime(), intervalOver)),
    notAfter: expiresAt,
    cap,
  };
  return yield* mailJobStatements.enqueue(db, job, newMessageId(now, jobs.messageIdDomain), now);
}

/** The answers of the sign-up call that register nothing, by what `newsletter_signups_total` calls them. */
const refusedOutcomes: Partial<Record<number, SignUpOutcome>> = { 400: 'refused', 429: 'throttled', 503: 'busy' };

/**
 * Counts the sign-up calls answered without registering anything (docs/operations.md#monitoring), by the shop the
 * call named (`unknown` for none or an unknown one); `registerSignUp` counts the others.
 */
const countRefusedSignUps: MiddlewareHandler = async (c, next) => {
  await next();
  const outcome = refusedOutcomes[c.res.status];
  if (outcome) countSignUp(shopOfSiteHeader(c.req.header('site')) ?? null, outcome);
};

/**
 * `POST /newsletter-subscribers`: the sign-up (docs/calls.md#create-subscriber, docs/newsletter.md#double-opt-in).
 * `limit` is the sign-up throttle, shared with the plain form (server/newsletter/forms/signUpForm.ts).
 */
export function signUpRoute(
  database: SharedDatabase,
  jobs: MailJobs,
  options: SignUpOptions,
  limit: MiddlewareHandler,
): Hono {
  const app = new Hono();
  app.post(services.newsletter.calls.createSubscriber.path, countRefusedSignUps, limit, async (c) => {
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
    const network = requestClientNetwork(c, options.signUpLimit.trustProxy);
    const abVisitorId = consentedVisitorIdOfSignUp(c);
    await registerSignUp(database, jobs, options, { body, shop, network, ...(abVisitorId ? { abVisitorId } : {}) });
    return c.body(null, 201);
  });
  return app;
}
