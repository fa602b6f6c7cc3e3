import { SERVICE_PREFIX, type Service } from './service.ts';

/** Staff and shopper login, login-token renewal (docs/calls.md#login). */
export const loginService = {
  base: `${SERVICE_PREFIX}/login/api/v1`,
  calls: {
    login: { method: 'POST', path: '/login' },
    renewLoginToken: { method: 'POST', path: '/logintoken/renew' },
    renewLongTermToken: { method: 'POST', path: '/longtermtoken/renew' },
  },
} as const satisfies Service;
