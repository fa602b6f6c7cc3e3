import * as v from 'valibot';
import { shopByCode } from '../countries.ts';
import { zonedInstantSchema } from '../promotion/schemas.ts';
import { emailSchema } from './subscriberSchema.ts';

/** Most opens one call may report (docs/constants.md#limits); a longer list is refused whole (`400`). */
export const OPENS_PER_CALL_MAX = 1000;

/**
 * How far in the future an open may lie, for clocks that differ a little (docs/constants.md#timings); one later than
 * that is refused as bad input, so a wrong clock cannot keep a subscription alive for years.
 */
export const OPENED_AT_FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * One open the retailer's mailing system reports: the shop the subscriber signed up in, the address (trimmed, as the
 * sign-up stores it, and matched regardless of case) and when the e-bulletin was opened, with its time zone.
 */
export const openSchema = v.strictObject({
  shop: v.pipe(
    v.string(),
    v.check((code) => shopByCode(code) !== undefined, 'is not a shop code'),
  ),
  email: emailSchema,
  openedAt: zonedInstantSchema,
});

/** Body of `POST /service/newsletter/api/opens` (docs/calls.md#record-opens). */
export const recordOpensRequestSchema = v.strictObject({
  opens: v.pipe(v.array(openSchema), v.maxLength(OPENS_PER_CALL_MAX, `must list at most ${OPENS_PER_CALL_MAX} opens`)),
});

/** Answer of the call: opens stored for subscribed subscribers, and the others (unknown or not subscribed). */
export const recordOpensResponseSchema = v.strictObject({ recorded: v.number(), ignored: v.number() });

/** A checked body of the call. */
export type RecordOpensRequest = v.InferOutput<typeof recordOpensRequestSchema>;
