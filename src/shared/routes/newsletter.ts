import { SERVICE_PREFIX, type Service } from './service.ts';

export const newsletterCalls = {
  createSubscriber: { method: 'POST', path: '/newsletter-subscribers' },
  readSubscriber: { method: 'GET', path: '/newsletter-subscribers/:token' },
  updateSubscriber: { method: 'PUT', path: '/newsletter-subscribers/:token' },
  confirmSubscriber: { method: 'PUT', path: '/newsletter-subscribers/:token/doi' },
  customerBaseData: { method: 'GET', path: '/customers/base-data' },
} as const satisfies Service['calls'];

/** The newsletter service for ordinary pages (docs/calls.md#newsletter-service). */
export const newsletterService = { base: `${SERVICE_PREFIX}/newsletter/api/internal`, calls: newsletterCalls } as const satisfies Service;
