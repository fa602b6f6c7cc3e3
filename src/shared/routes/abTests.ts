import { SERVICE_PREFIX, type Service } from './service.ts';

/** A/B tests (docs/calls.md#ab-test-service). */
export const abTestsService = {
  base: `${SERVICE_PREFIX}/abtestfrontend/api/v1`,
  calls: {
    testsAt: { method: 'GET', path: '/gettestsat' },
    assignment: { method: 'GET', path: '/getassignment' },
    /** Operators' calls, with the admin token (docs/calls.md#ab-test-admin). */
    tests: { method: 'GET', path: '/tests' },
    createTest: { method: 'POST', path: '/tests' },
    endTest: { method: 'POST', path: '/tests/:name/end' },
  },
} as const satisfies Service;
