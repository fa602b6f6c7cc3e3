import { Hono, type Context } from 'hono';
import { shopByCode, shops } from '../../src/shared/countries.ts';
import { newsletterPagePath } from '../../src/shared/newsletter/pagePaths.ts';
import { services } from '../../src/shared/routes.ts';
import { problem } from '../problem.ts';
import { invalidRequest, subscriberOfToken, tokenUnknown } from './answers.ts';
import { cancelSignUp } from './cancelSignUp.ts';
import { subscriberStatements } from './subscriberStore.ts';
import { unsubscribe, type SubscriptionStores } from './subscription.ts';

/** The form bodies RFC 8058 allows for the one-click POST. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * The `List-Unsubscribe` URL of every mail after confirmation (docs/calls.md#one-click-unsubscribe, RFC 8058).
 * A mailbox provider POSTs `List-Unsubscribe=One-Click` to it from its own servers, without cookies and without a
 * page of ours: the unguessable preferences token in the path is the authority, and this is the one write the
 * cross-site guard lets through (server/edge/stateChangingRequests.ts). A GET, which link scanners and mail clients
 * make on their own, changes nothing: it sends the browser to the preferences page. The confirmation mail's
 * `List-Unsubscribe` URL, with the confirmation token, cancels the pending sign-up the same way.
 */
export function oneClickUnsubscribeRoutes(stores: SubscriptionStores): Hono {
  const { database } = stores;
  const app = new Hono();
  const calls = services.newsletter.calls;

  /** The RFC 8058 form check of both one-click calls: undefined when the body is `List-Unsubscribe=One-Click`. */
  async function notOneClickForm(c: Context): Promise<Response | undefined> {
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
    return undefined;
  }

  app.post(calls.unsubscribeOneClick.path, async (c) => {
    const row = await subscriberOfToken(c, database, ['preferences']);
    if (row instanceof Response) return row;
    const refused = await notOneClickForm(c);
    if (refused) return refused;
    if (!(await unsubscribe(stores, row, 'one-click'))) return tokenUnknown(c);
    return c.body(null, 204);
  });

  // The confirmation mail's one-click (docs/calls.md#one-click-cancel-of-a-sign-up): the pending sign-up goes. 204
  // whether or not the token opened one, so the answer tells nothing about addresses or tokens.
  app.post(calls.cancelSignUpOneClick.path, async (c) => {
    const refused = await notOneClickForm(c);
    if (refused) return refused;
    await cancelSignUp(database, c.req.param('token'));
    return c.body(null, 204);
  });

  app.get(calls.unsubscribeLink.path, async (c) => {
    const token = c.req.param('token');
    const row = await database.run((db) => subscriberStatements.byToken(db, 'preferences', token));
    const shop = shopByCode(row?.site ?? '') ?? shops[0]!;
    c.header('cache-control', 'no-store');
    return c.redirect(newsletterPagePath(shop, 'preferences', token), 303);
  });

  return app;
}
