import { safeParse } from 'valibot';
import { csrfHeaders } from '../../shared/auth/csrf.ts';
import { customerFrontendDataSchema, type CustomerFrontendData } from '../../shared/newsletter/subscriberSchema.ts';
import { fetchWithTimeout } from '../http.ts';
import { serviceUrl } from '../../shared/routes/service.ts';
import { customerFrontendDataService } from '../../shared/routes/customerFrontendData.ts';

/**
 * The logged-in customer's newsletter status from the customer front-end data service (docs/calls.md#psdata), or
 * undefined when the service fails or answers something else.
 */
export async function fetchNewsletterStatus(cookies: string): Promise<CustomerFrontendData['nl_status'] | undefined> {
  const response = await fetchWithTimeout(serviceUrl(customerFrontendDataService, 'psdata'), {
    cache: 'no-store',
    credentials: 'include',
    headers: { accept: 'application/json', ...csrfHeaders(cookies) },
  });
  if (!response.ok) return undefined;
  const data = safeParse(customerFrontendDataSchema, await response.json());
  return data.success ? data.output.nl_status : undefined;
}
