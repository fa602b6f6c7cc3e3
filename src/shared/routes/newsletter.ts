import { SERVICE_PREFIX, type Service } from './service.ts';

export const newsletterCalls = {
  createSubscriber: { method: 'POST', path: '/newsletter-subscribers' },
  readSubscriber: { method: 'GET', path: '/newsletter-subscribers/:token' },
  updateSubscriber: { method: 'PUT', path: '/newsletter-subscribers/:token' },
  confirmSubscriber: { method: 'PUT', path: '/newsletter-subscribers/:token/doi' },
  /** Ends the subscription from the preferences page (docs/calls.md#unsubscribe). */
  deleteSubscriber: { method: 'DELETE', path: '/newsletter-subscribers/:token' },
  /** RFC 8058 one-click unsubscribe, the `List-Unsubscribe` URL of every mail after confirmation (docs/calls.md#one-click-unsubscribe). */
  unsubscribeOneClick: { method: 'POST', path: '/newsletter-subscribers/:token/unsubscribe' },
  /** The same URL opened in a browser: changes nothing, sends to the preferences page. */
  unsubscribeLink: { method: 'GET', path: '/newsletter-subscribers/:token/unsubscribe' },
  /**
   * RFC 8058 one-click on the confirmation mail: cancels the pending sign-up of a confirmation token
   * (docs/calls.md#one-click-cancel-of-a-sign-up).
   */
  cancelSignUpOneClick: { method: 'POST', path: '/newsletter-subscribers/:token/doi/cancel' },
  /** Everything stored about the subscription, as a JSON attachment (docs/calls.md#export-and-erasure). */
  exportSubscriber: { method: 'GET', path: '/newsletter-subscribers/:token/export' },
  /** Erases the address and every personal field (docs/calls.md#export-and-erasure). */
  eraseSubscriber: { method: 'POST', path: '/newsletter-subscribers/:token/erase' },
  customerBaseData: { method: 'GET', path: '/customers/base-data' },
} as const satisfies Service['calls'];

/** The newsletter service for ordinary pages (docs/calls.md#newsletter-service). */
export const newsletterService = {
  base: `${SERVICE_PREFIX}/newsletter/api/internal`,
  calls: newsletterCalls,
} as const satisfies Service;
