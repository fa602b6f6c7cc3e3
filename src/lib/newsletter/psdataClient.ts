import { csrfHeaders } from '../../shared/auth/csrf.ts';
import { isSubscriptionStatus, type SubscriptionStatus } from '../../shared/newsletter/subscriptionStatus.ts';
import { fetchWithTimeout } from '../http.ts';
import { serviceUrl } from '../../shared/routes/service.ts';
import { customerFrontendDataService } from '../../shared/routes/customerFrontendData.ts';

/**
 * The logged-in customer's newsletter status from the customer front-end data service (docs/calls.md#psdata): a
 * subscription status, null when they have none, or undefined when the service fails or answers something else.
 * The footer asks at idle, before any interaction, so the answer is checked with plain code, not the services'
 * schema (docs/performance.md#before-the-first-interaction).
 */
export async function fetchNewsletterStatus(cookies: string): Promise<SubscriptionStatus | null | undefined> {
  const response = await fetchWithTimeout(serviceUrl(customerFrontendDataService, 'psdata'), {
    cache: 'no-store',
    credentials: 'include',
    headers: { accept: 'application/json', ...csrfHeaders(cookies) },
  });
  if (!response.ok) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  const status = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).nl_status : undefined;
  return status === null || isSubscriptionStatus(status) ? status : undefined;
}
