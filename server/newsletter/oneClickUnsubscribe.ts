import { Hono } from 'hono';
import { shopByCode, shops } from '../../src/shared/countries.ts';
import { newsletterPagePath } from '../../src/shared/newsletter/pagePaths.ts';
import { services } from '../../src/shared/routes.ts';
import { problem } from '../problem.ts';
import { invalidRequest, subscriberOfToken, tokenUnknown } from './answers.ts';
import { unsubscribe, type SubscriptionStores } from './subscription.ts';

/** The form bodies RFC 8058 allows for the one-click POST. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * The `List-Unsubscribe` URL of every mail after confirmation (docs/calls.md#one-click-unsubscribe, RFC 8058).
 * A mailbox provider POSTs `List-Unsubscribe=One-Click` to it from its own servers, without cookies and without a
 * page of ours: the unguessable preferences token in the path is the authority, and this is the one write the
 * cross-site guard lets through (server/edge/stateChangingRequests.ts). A GET, which link scanners and mail clients
 * make on their own, changes nothing: it sends the browser to the preferences page.
 */
export function oneClickUnsubscribeRoutes(stores: SubscriptionStores): Hono {
  const { store } = stores;
  const app = new Hono();
  const calls = services.newsletter.calls;

  app.post(calls.unsubscribeOneClick.path, async (c) => {
    const row = subscriberOfToken(c, store, ['preferences']);
    if (row instanceof Response) return row;
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!FORM_TYPES.has(mediaType)) {
      return problem(
        c,
        415,
        'urn:service:unsupported_media_type',
        'The request body must be a form with List-Unsubscribe=One-Click',
      );
    }
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (form['List-Unsubscribe'] !== 'One-Click')
      return invalidRequest(c, { 'List-Unsubscribe': ['must be One-Click'] });
    if (!unsubscribe(stores, row, 'one-click')) return tokenUnknown(c);
    return c.body(null, 204);
  });

  app.get(calls.unsubscribeLink.path, (c) => {
    const token = c.req.param('token');
    const row = store.byToken('preferences', token);
    const shop = shopByCode(row?.site ?? '') ?? shops[0]!;
    c.header('cache-control', 'no-store');
    return c.redirect(newsletterPagePath(shop, 'preferences', token), 303);
  });

  return app;
}
