import { SERVICE_PREFIX, type Service } from './service.ts';

/** Whether the services are up: what the test harness and `npm start` wait for. */
export const healthService = {
  base: SERVICE_PREFIX,
  calls: { health: { method: 'GET', path: '/health' } },
} as const satisfies Service;
