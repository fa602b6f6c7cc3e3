import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import { oneClickUnsubscribeRoutes } from './oneClickUnsubscribe.ts';
import { signUpRoute, type SignUpOptions } from './signUp.ts';
import { subscriberStore } from './subscriberStore.ts';
import { subscriptionRoutes } from './subscription.ts';

/** Settings of the subscriber routes. */
export type SubscriberRoutesOptions = SignUpOptions;

/**
 * `/newsletter-subscribers` of the newsletter service (docs/calls.md#newsletter-service): the sign-up, reading,
 * changing and ending a subscription, the double opt-in, and one-click unsubscribe.
 */
export function subscriberRoutes(db: DatabaseSync, options: SubscriberRoutesOptions): Hono {
  const store = subscriberStore(db);
  const app = new Hono();
  app.route('/', signUpRoute(db, store, options));
  app.route('/', oneClickUnsubscribeRoutes(db, store));
  app.route('/', subscriptionRoutes(db, store));
  return app;
}
