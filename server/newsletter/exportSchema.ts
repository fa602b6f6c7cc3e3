import * as v from 'valibot';
import { subscriberSchema } from '../../src/shared/newsletter/subscriberSchema.ts';

/** The version of the export's shape; raised when a field changes meaning or goes (docs/newsletter.md#export). */
export const SUBSCRIBER_EXPORT_VERSION = 1;

/** A UTC ISO 8601 time as stored. */
const time = v.string();

/**
 * Everything stored about an address (docs/newsletter.md#export), the answer of
 * `GET …/newsletter-subscribers/{token}/export` and of `npm run subscriber -- export`. Times are UTC ISO 8601.
 */
export const subscriberExportSchema = v.strictObject({
  version: v.literal(SUBSCRIBER_EXPORT_VERSION),
  exportedAt: time,
  address: v.string(),
  /** The subscription (one per address, in one shop), or null when only a suppression knows the address. */
  subscription: v.nullable(
    v.strictObject({
      shop: v.nullable(v.string()),
      status: v.picklist(['WAITING_FOR_DOI', 'SUBSCRIBED', 'UNSUBSCRIBED']),
      /** The stored fields, as the preferences page shows them. */
      fields: v.omit(subscriberSchema, ['status']),
      consentTextVersion: v.nullable(v.string()),
      signedUpAt: v.nullable(time),
      confirmedAt: v.nullable(time),
      unsubscribedAt: v.nullable(time),
      lastOpenedAt: v.nullable(time),
      /** The consent log, oldest first: each consent given, confirmed, changed or withdrawn, with its text version. */
      consentLog: v.array(
        v.strictObject({
          event: v.string(),
          at: time,
          channel: v.string(),
          consents: v.array(v.string()),
          legals: v.array(v.string()),
          consentTextVersion: v.nullable(v.string()),
        }),
      ),
      vouchers: v.array(
        v.strictObject({ code: v.string(), percent: v.number(), issuedAt: time, validUntil: v.nullable(time) }),
      ),
      /** The mails queued or sent to the address, without their bodies. */
      mails: v.array(
        v.strictObject({ kind: v.string(), state: v.string(), queuedAt: time, finishedAt: v.nullable(time) }),
      ),
      /** TR: the consents and withdrawals registered with İYS. */
      iys: v.array(
        v.strictObject({ status: v.string(), consentDate: time, state: v.string(), registeredAt: v.nullable(time) }),
      ),
    }),
  ),
  suppressions: v.array(v.strictObject({ shop: v.string(), reason: v.string(), since: time })),
});

/** Everything stored about an address (see {@link subscriberExportSchema}). */
export type SubscriberExport = v.InferOutput<typeof subscriberExportSchema>;
