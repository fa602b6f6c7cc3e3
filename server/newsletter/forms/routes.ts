import { Hono } from 'hono';
import type { NewsletterCore } from '../routes.ts';
import { serverSecret } from '../../secrets.ts';
import { signUpFormRoutes, type FormRouteOptions } from './signUpForm.ts';
import { subscriberFormRoutes } from './subscriberForms.ts';

/**
 * The newsletter's plain HTML forms on the shop pages (docs/newsletter.md#plain-form): the sign-up's endpoint, the
 * confirmation page's button and the preferences page. They answer with the shop's pages rendered on demand, and share
 * the JSON calls' store, rules and throttle (`core`).
 */
export function newsletterFormRoutes(core: NewsletterCore, options: Omit<FormRouteOptions, 'secret'>): Hono {
  const withSecret: FormRouteOptions = { ...options, secret: serverSecret(core.database, 'newsletterForms') };
  const app = new Hono();
  app.route('/', signUpFormRoutes(core, withSecret));
  app.route('/', subscriberFormRoutes(core, withSecret));
  return app;
}
