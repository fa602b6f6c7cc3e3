import { Hono, type MiddlewareHandler } from 'hono';
import type { ServerConfig } from '../../src/shared/config.ts';
import { problem } from '../problem.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { jsonOf } from '../jsonOf.ts';
import {
  customerBaseDataSchema,
  customerFrontendDataSchema,
  type CustomerBaseData,
} from '../../src/shared/newsletter/subscriberSchema.ts';
import { services } from '../../src/shared/routes.ts';
import { loginCustomer } from './loginCustomer.ts';
import { subscriberStatements } from './subscriberStore.ts';
import { serverSecret } from '../secrets.ts';
import { subscriberRoutes } from './subscribers.ts';
import type { MailJobs } from '../mail/mailJobs.ts';
import type { IysClient } from '../iys/client.ts';
import { rateLimit } from '../throttle/signUpLimit.ts';
import type { ClientLimit } from '../throttle/clientLimit.ts';
import { subscriberRightsLimit } from '../throttle/subscriberRightsLimit.ts';
import type { SignUpOptions } from './signUp.ts';
import { confirmationCaps } from '../throttle/confirmationCaps.ts';

/** The window sign-ups per client are counted in: `NEWSLETTER_SIGNUPS_PER_MINUTE` is per this long (docs/constants.md#limits). */
export const SIGN_UP_WINDOW_MS = 60_000;

/**
 * What the newsletter's two doors share (docs/newsletter.md#three-paths): the JSON calls under `/service` and the plain
 * forms on the shop pages register sign-ups through the same store, the same mail jobs and the same throttle.
 */
export interface NewsletterCore {
  /** Where subscribers, their consent log, vouchers and mail live: PostgreSQL at `DATABASE_URL`, else SQLite. */
  database: SharedDatabase;
  jobs: MailJobs;
  options: SignUpOptions;
  /** The sign-up throttle per client: one counter for the JSON call and the form. */
  signUpLimit: MiddlewareHandler;
  /** İYS, told `RET` before a TR address is erased (docs/newsletter.md#erasure); undefined: none reachable. */
  iys: IysClient | undefined;
  /** The throttle of exports and erasures per client: one counter for the calls and the preferences page. */
  rightsLimit: ClientLimit;
}

/**
 * The newsletter's database, mail jobs, settings and sign-up throttle, made once per app: all in the database of
 * `jobs`, the shared data layer, which also keeps the generated secrets (server/secrets.ts).
 */
export function newsletterCore(config: ServerConfig, jobs: MailJobs, iys?: IysClient): NewsletterCore {
  const options: SignUpOptions = {
    siteUrl: config.siteUrl,
    signUpLimit: { limit: config.signUpsPerMinute, windowMs: SIGN_UP_WINDOW_MS, trustProxy: config.trustProxy },
    printLinks: config.mail.smtpUrl === undefined,
    confirmationCaps: confirmationCaps(config.confirmationCaps),
  };
  return {
    database: jobs.database,
    jobs,
    options,
    signUpLimit: rateLimit(jobs.database, options.signUpLimit),
    iys,
    rightsLimit: subscriberRightsLimit(jobs.database, config.trustProxy),
  };
}

/**
 * Stand-in for the newsletter service under `/service/newsletter/api/{internal,private}`.
 * Validates with the same schemas as the sign-up form, so both always agree on the rules. Mails are queued in `jobs`;
 * a sender delivers them (server/newsletter/newsletterMail.ts).
 */
export function newsletterRoutes(core: NewsletterCore, config: ServerConfig): Hono {
  const { database, jobs, options, signUpLimit, iys, rightsLimit } = core;
  const app = new Hono();
  const loginSecret = serverSecret(database, 'loginToken', config.secrets.LOGIN_TOKEN_SECRET);
  app.route('/', subscriberRoutes({ database, jobs, iys }, options, signUpLimit, rightsLimit));

  // The logged-in customer's base data, to prefill the sign-up form (docs/calls.md#customer-base-data); only with a
  // valid login token.
  app.get(services.newsletter.calls.customerBaseData.path, async (c) => {
    const customer = await loginCustomer(c, database, loginSecret);
    if (!customer) return problem(c, 401, 'urn:service:unauthorized', 'A valid login token is needed');
    c.header('cache-control', 'no-store');
    return jsonOf(c, customerBaseDataSchema, {
      email: customer.email,
      salutation: customer.salutation ?? '',
      firstName: customer.first_name ?? '',
      lastName: customer.last_name ?? '',
      consents: JSON.parse(customer.consents) as CustomerBaseData['consents'],
    });
  });

  return app;
}

/**
 * Stand-in for the customer front-end data service: `GET /psdata` answers `{ nl_status }` for the logged-in
 * customer's own address only (no address parameter, so nobody can ask about someone else's).
 */
export function customerFrontendDataRoutes(database: SharedDatabase, config: ServerConfig): Hono {
  const app = new Hono();
  const loginSecret = serverSecret(database, 'loginToken', config.secrets.LOGIN_TOKEN_SECRET);
  app.get(services.customerFrontendData.calls.psdata.path, async (c) => {
    c.header('cache-control', 'no-store');
    const customer = await loginCustomer(c, database, loginSecret);
    if (!customer) return problem(c, 401, 'urn:service:unauthorized', 'A valid login token is needed');
    // An ended subscription (UNSUBSCRIBED) is no subscription: null, like an address that never signed up.
    const known = await database.run((k) => subscriberStatements.byEmail(k, customer.email));
    const status = known?.status === 'UNSUBSCRIBED' ? null : (known?.status ?? null);
    return jsonOf(c, customerFrontendDataSchema, { nl_status: status });
  });
  return app;
}
