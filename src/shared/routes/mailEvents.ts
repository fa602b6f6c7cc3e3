import { SERVICE_PREFIX, type Service } from './service.ts';

/**
 * The mail service's operator side: a mail provider reports bounces and complaints, with the webhook secret
 * (docs/calls.md#mail-events).
 */
export const mailEventsService = {
  base: `${SERVICE_PREFIX}/mail/api`,
  calls: { reportMailEvents: { method: 'POST', path: '/events' } },
} as const satisfies Service;
