import { SERVICE_PREFIX, type Service } from './service.ts';

/** What the shop knows about the logged-in customer (docs/calls.md#psdata). */
export const customerFrontendDataService = {
  base: `${SERVICE_PREFIX}/customerfrontenddata/api/v1`,
  calls: { psdata: { method: 'GET', path: '/psdata' } },
} as const satisfies Service;
