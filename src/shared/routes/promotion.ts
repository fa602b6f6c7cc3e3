import { SERVICE_PREFIX, type Service } from './service.ts';

/** Footer content and other CMS promotions (docs/calls.md#promotion). */
export const promotionService = {
  base: `${SERVICE_PREFIX}/promotion/api/promotion`,
  calls: {
    promotion: { method: 'GET', path: '/:name' },
    /** The CMS's publishing side, with the admin token (docs/calls.md#promotion-versions). */
    publishVersion: { method: 'PUT', path: '/:name' },
    versions: { method: 'GET', path: '/:name/versions' },
  },
} as const satisfies Service;
