import { SERVICE_PREFIX, type Service } from './service.ts';
import { newsletterCalls } from './newsletter.ts';

/** The same newsletter service, as single-page-app pages call it. */
export const newsletterForSinglePageAppsService = {
  base: `${SERVICE_PREFIX}/newsletter/api/private`,
  calls: newsletterCalls,
} as const satisfies Service;
