import { SERVICE_PREFIX, type Service } from './service.ts';

/**
 * The services' Prometheus metrics for the operators' scraper, with the metrics token (docs/calls.md#metrics,
 * docs/operations.md#monitoring).
 */
export const metricsService = {
  base: SERVICE_PREFIX,
  calls: { metrics: { method: 'GET', path: '/metrics' } },
} as const satisfies Service;
