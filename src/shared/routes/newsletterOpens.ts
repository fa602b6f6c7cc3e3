import { SERVICE_PREFIX, type Service } from './service.ts';

/**
 * The newsletter service's operator side: the retailer's mailing system reports opened e-bulletins, with the admin
 * token (docs/calls.md#record-opens).
 */
export const newsletterOpensService = {
  base: `${SERVICE_PREFIX}/newsletter/api`,
  calls: { recordOpens: { method: 'POST', path: '/opens' } },
} as const satisfies Service;
