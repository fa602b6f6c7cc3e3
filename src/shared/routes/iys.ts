import { SERVICE_PREFIX, type Service } from './service.ts';

/**
 * The stand-in of Turkey's İYS API (İleti Yönetim Sistemi), with İYS's own paths below its base, so `npm start`
 * registers TR consents without anything outside (docs/calls.md#iys-stand-in). Served only while `IYS_URL` is unset.
 */
export const iysStandInService = {
  base: `${SERVICE_PREFIX}/iys`,
  calls: {
    token: { method: 'POST', path: '/oauth2/token' },
    addConsent: { method: 'POST', path: '/sps/:iysCode/brands/:brandCode/consents' },
  },
} as const satisfies Service;
