import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { services } from '../../src/shared/routes.ts';
import { jsonOf } from '../jsonOf.ts';
import { problem } from '../problem.ts';
import { fieldErrors, invalidRequest, subscriberOfToken, tokenUnknown } from './answers.ts';
import { eraseAddress, IYS_UNAVAILABLE } from './erasureWithIys.ts';
import { subscriberExportSchema } from './exportSchema.ts';
import { subscriberExportOf } from './subscriberExport.ts';
import type { SubscriptionStores } from './subscription.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { OpenedSubscriber } from './subscriberStore.ts';
import type { ClientLimit } from '../throttle/clientLimit.ts';

/** The name the export is saved under (docs/calls.md#export-and-erasure). */
export const EXPORT_FILE_NAME = 'newsletter-data.json';

/** How long a client waits before it asks again when İYS did not take the `RET` (seconds). */
const IYS_RETRY_AFTER_SECONDS = 60;

/** Bodies the erase call accepts: none, or `{}`. */
const eraseRequestSchema = v.strictObject({});

/** A body's JSON: undefined when empty, `null` (refused by the schema) when not JSON. */
function bodyJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The export of the subscription a token opened, as a JSON attachment, `private, no-store`; `404` when it is gone
 * meanwhile. Shared by the call and the preferences page's plain form (docs/newsletter.md#subscriber-rights).
 */
export async function exportAnswer(c: Context, database: SharedDatabase, row: OpenedSubscriber): Promise<Response> {
  c.header('cache-control', 'private, no-store');
  const exported = await database.run((db) => subscriberExportOf(db, row.email, new Date()));
  if (!exported || exported.subscription === null) return tokenUnknown(c);
  c.header('content-disposition', `attachment; filename="${EXPORT_FILE_NAME}"`);
  return jsonOf(c, subscriberExportSchema, exported);
}

/**
 * The subscriber's rights with the preferences token (docs/calls.md#export-and-erasure): `GET …/{token}/export`,
 * everything stored, as a JSON attachment; `POST …/{token}/erase`, the address and every personal field erased
 * (docs/newsletter.md#erasure). An unknown, spent or erased token: `404`, as every token call answers it. Both count
 * against the client's limit of exports and erasures.
 */
export function subscriberRightsRoutes(stores: SubscriptionStores, rightsLimit: ClientLimit): Hono {
  const { database, iys } = stores;
  const app = new Hono();
  const calls = services.newsletter.calls;

  // Counted before the token is looked at: a wrong token counts too (docs/newsletter.md#subscriber-rights).
  app.get(calls.exportSubscriber.path, rightsLimit.middleware, async (c) => {
    c.header('cache-control', 'private, no-store');
    const row = await subscriberOfToken(c, database, ['preferences']);
    if (row instanceof Response) return row;
    return exportAnswer(c, database, row);
  });

  app.post(calls.eraseSubscriber.path, rightsLimit.middleware, async (c) => {
    c.header('cache-control', 'private, no-store');
    const row = await subscriberOfToken(c, database, ['preferences']);
    if (row instanceof Response) return row;
    const body = v.safeParse(eraseRequestSchema, bodyJson(await c.req.text()));
    if (!body.success) return invalidRequest(c, fieldErrors(body.issues));
    const erased = await eraseAddress(database, iys, row.email, row);
    if (erased === IYS_UNAVAILABLE) {
      c.header('retry-after', String(IYS_RETRY_AFTER_SECONDS));
      return problem(c, 503, 'urn:newsletter:iys_unavailable', 'İYS did not take the withdrawal; try again later');
    }
    if (typeof erased === 'string') return tokenUnknown(c);
    return c.body(null, 204);
  });

  return app;
}
