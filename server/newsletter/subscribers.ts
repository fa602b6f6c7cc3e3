import { Hono, type MiddlewareHandler } from 'hono';
import { oneClickUnsubscribeRoutes } from './oneClickUnsubscribe.ts';
import { signUpRoute, type SignUpOptions } from './signUp.ts';
import { subscriberRightsRoutes } from './rightsRoutes.ts';
import type { ClientLimit } from '../throttle/clientLimit.ts';
import { subscriptionRoutes, type SubscriptionStores } from './subscription.ts';

/** Settings of the subscriber routes. */
export type SubscriberRoutesOptions = SignUpOptions;

/**
 * `/newsletter-subscribers` of the newsletter service (docs/calls.md#newsletter-service): the sign-up, reading,
 * changing and ending a subscription, the double opt-in, one-click unsubscribe, export and erasure. Mails are queued as jobs in
 * the same transactions as the changes they announce (docs/newsletter.md#mail-delivery).
 */
export function subscriberRoutes(
  stores: SubscriptionStores,
  options: SubscriberRoutesOptions,
  signUpLimit: MiddlewareHandler,
  rightsLimit: ClientLimit,
): Hono {
  const { database, jobs } = stores;
  const app = new Hono();
  app.route('/', signUpRoute(database, jobs, options, signUpLimit));
  app.route('/', oneClickUnsubscribeRoutes({ database, jobs }));
  app.route('/', subscriptionRoutes({ database, jobs }));
  app.route('/', subscriberRightsRoutes(stores, rightsLimit));
  return app;
}
