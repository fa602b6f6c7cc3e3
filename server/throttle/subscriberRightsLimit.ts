import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { clientLimit, type ClientLimit } from './clientLimit.ts';

/** Exports and erasures one client may ask for per window, by call or by the preferences page (docs/constants.md#limits). */
export const SUBSCRIBER_RIGHTS_PER_WINDOW = 10;
/** The window of that limit (docs/constants.md#limits). */
export const SUBSCRIBER_RIGHTS_WINDOW_MS = 15 * 60_000;

/**
 * The throttle of the subscriber's rights (docs/newsletter.md#subscriber-rights): export and erase, with a right token
 * or a wrong one, count per client, so the calls cannot be used to try tokens; beyond the limit `429` with
 * `Retry-After`.
 */
export function subscriberRightsLimit(shared: SharedDatabase, trustProxy: boolean): ClientLimit {
  return clientLimit(shared, {
    limit: SUBSCRIBER_RIGHTS_PER_WINDOW,
    windowMs: SUBSCRIBER_RIGHTS_WINDOW_MS,
    trustProxy,
    name: 'rights',
  });
}
