import { SERVICE_PREFIX, type Service } from './service.ts';

/** Rebuilds and their status, with the admin token (docs/calls.md#publisher). */
export const publishService = {
  base: `${SERVICE_PREFIX}/publish/api`,
  calls: { rebuild: { method: 'POST', path: '/rebuild' }, status: { method: 'GET', path: '/status' } },
} as const satisfies Service;
