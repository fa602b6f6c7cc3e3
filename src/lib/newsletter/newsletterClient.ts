import * as v from 'valibot';
import { LOGIN_TOKEN_HEADER } from '../../shared/auth/loginCookie.ts';
import { shopBySegment } from '../../shared/countries.ts';
import { fetchWithTimeout } from '../http.ts';
import { fillPath } from '../../shared/routes/service.ts';
import { newsletterService } from '../../shared/routes/newsletter.ts';
import { newsletterForSinglePageAppsService } from '../../shared/routes/newsletterForSinglePageApps.ts';
import { customerBaseDataSchema, EMAIL_INVALID_PROBLEM, type CustomerBaseData, type SubscriberCreateRequest } from '../../shared/newsletter/subscriberSchema.ts';

const calls = newsletterService.calls;

/** Outcome of a sign-up (docs/errors.md#sign-up-outcomes). */
export type SubmissionResult = 'SUCCESS' | 'ERROR_GENERIC' | 'ERROR_INVALID_EMAIL';

/** `private` only for single-page-app pages, `internal` everywhere else (docs/calls.md#newsletter-service). */
export function newsletterBasePath(origin: string, singlePageApp = false): string {
  return origin + (singlePageApp ? newsletterForSinglePageAppsService : newsletterService).base;
}

async function problemType(response: Response): Promise<unknown> {
  try {
    return ((await response.json()) as { type?: unknown } | null)?.type;
  } catch {
    return undefined;
  }
}

/**
 * The shop code of the page the visitor is on (`/tr/...` is `TR`), sent as the `site` header so that the service
 * applies that shop's rules; undefined outside a shop page.
 */
export function siteOfPage(pathname = globalThis.location?.pathname ?? ''): string | undefined {
  return shopBySegment(pathname.split('/')[1] ?? '')?.code;
}

/**
 * `POST /newsletter-subscribers`. Never rejects: a 2xx is SUCCESS (its body is not read), the email_invalid
 * problem is ERROR_INVALID_EMAIL, anything else (other statuses, network failure, timeout) is ERROR_GENERIC.
 */
export async function createSubscriber(basePath: string, request: SubscriberCreateRequest, site = siteOfPage()): Promise<SubmissionResult> {
  try {
    const response = await fetchWithTimeout(basePath + calls.createSubscriber.path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', ...(site ? { site } : {}) },
      body: JSON.stringify(request),
    });
    if (response.ok) return 'SUCCESS';
    return (await problemType(response)) === EMAIL_INVALID_PROBLEM ? 'ERROR_INVALID_EMAIL' : 'ERROR_GENERIC';
  } catch {
    return 'ERROR_GENERIC';
  }
}

/** `GET /customers/base-data` with the login token; undefined when there is none to be had (prefill is optional). */
export async function fetchCustomerBaseData(basePath: string, loginToken: string): Promise<CustomerBaseData | undefined> {
  try {
    const response = await fetchWithTimeout(basePath + calls.customerBaseData.path, {
      credentials: 'same-origin',
      headers: { [LOGIN_TOKEN_HEADER]: loginToken },
    });
    if (!response.ok) return undefined;
    const result = v.safeParse(customerBaseDataSchema, await response.json());
    return result.success ? result.output : undefined;
  } catch {
    return undefined;
  }
}

/** `PUT /newsletter-subscribers/{token}/doi`: true when the subscription is confirmed. */
export async function confirmSubscription(basePath: string, token: string): Promise<boolean> {
  try {
    // A JSON body like every write to the services, which refuse anything else (see docs/calls.md).
    const response = await fetchWithTimeout(basePath + fillPath(calls.confirmSubscriber.path, { token }), {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return response.ok;
  } catch {
    return false;
  }
}
