import { Hono, type MiddlewareHandler } from 'hono';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { MailJobs } from '../mail/mailJobs.ts';
import { oneClickUnsubscribeRoutes } from './oneClickUnsubscribe.ts';
import { signUpRoute, type SignUpOptions } from './signUp.ts';
import { subscriptionRoutes } from './subscription.ts';

/** Settings of the subscriber routes. */
export type SubscriberRoutesOptions = SignUpOptions;

/**
 * `/newsletter-subscribers` of the newsletter service (docs/calls.md#newsletter-service): the sign-up, reading,
 * changing and ending a subscription, the double opt-in, and one-click unsubscribe. Mails are queued as jobs in
 * the same transactions as the changes they announce (docs/newsletter.md#mail-delivery).
 */
export function subscriberRoutes(
  database: SharedDatabase,
  jobs: MailJobs,
  options: SubscriberRoutesOptions,
  signUpLimit: MiddlewareHandler,
): Hono {
  const app = new Hono();
  app.route('/', signUpRoute(database, jobs, options, signUpLimit));
  app.route('/', oneClickUnsubscribeRoutes({ database, jobs }));
  app.route('/', subscriptionRoutes({ database, jobs }));
  return app;
}
