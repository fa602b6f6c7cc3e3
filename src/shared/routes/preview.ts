import { SERVICE_PREFIX, type Service } from './service.ts';

/** The staff preview session (docs/calls.md#preview-service). */
export const previewService = {
  base: `${SERVICE_PREFIX}/preview/api`,
  calls: {
    checkAuth: { method: 'GET', path: '/auth/checkauth' },
    renewLogin: { method: 'GET', path: '/auth/login/renew' },
    logout: { method: 'GET', path: '/auth/logout' },
    applyPreview: { method: 'GET', path: '/token' },
  },
} as const satisfies Service;
