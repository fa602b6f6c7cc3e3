import * as v from 'valibot';
import { LOGIN_TOKEN_HEADER } from '../../shared/auth/loginCookie.ts';
import { shopBySegment } from '../../shared/countries.ts';
import { fetchWithTimeout } from '../http.ts';
import { fillPath } from '../../shared/routes/service.ts';
import { newsletterService } from '../../shared/routes/newsletter.ts';
import { newsletterForSinglePageAppsService } from '../../shared/routes/newsletterForSinglePageApps.ts';
import {
  confirmationSchema,
  customerBaseDataSchema,
  EMAIL_INVALID_PROBLEM,
  INVALID_REQUEST_PROBLEM,
  subscriberSchema,
  type CustomerBaseData,
  type Subscriber,
  type SubscriberCreateRequest,
  type SubscriberUpdateRequest,
} from '../../shared/newsletter/subscriberSchema.ts';

const calls = newsletterService.calls;

/** Outcome of a sign-up (docs/errors.md#sign-up-outcomes). */
export type SubmissionResult = 'SUCCESS' | 'ERROR_GENERIC' | 'ERROR_INVALID_EMAIL';

/** `private` only for single-page-app pages, `internal` everywhere else (docs/calls.md#newsletter-service). */
export function newsletterBasePath(origin: string, singlePageApp = false): string {
  return origin + (singlePageApp ? newsletterForSinglePageAppsService : newsletterService).base;
}

/** The body of a problem answer, or an empty object when it has none or is not JSON. */
async function problemOf(response: Response): Promise<{ type?: unknown; errors?: unknown }> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    return {};
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
export async function createSubscriber(
  basePath: string,
  request: SubscriberCreateRequest,
  site = siteOfPage(),
): Promise<SubmissionResult> {
  try {
    const response = await fetchWithTimeout(basePath + calls.createSubscriber.path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', ...(site ? { site } : {}) },
      body: JSON.stringify(request),
    });
    if (response.ok) return 'SUCCESS';
    return (await problemOf(response)).type === EMAIL_INVALID_PROBLEM ? 'ERROR_INVALID_EMAIL' : 'ERROR_GENERIC';
  } catch {
    return 'ERROR_GENERIC';
  }
}

/** `GET /customers/base-data` with the login token; undefined when there is none to be had (prefill is optional). */
export async function fetchCustomerBaseData(
  basePath: string,
  loginToken: string,
): Promise<CustomerBaseData | undefined> {
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

/** Outcome of a confirmation: confirmed, with the preferences token when the answer carried one. */
export type ConfirmationOutcome = { confirmed: true; preferencesToken: string | undefined } | { confirmed: false };

/**
 * `PUT /newsletter-subscribers/{token}/doi`. Never rejects: a 2xx is confirmed (the preferences token is read from
 * the answer; a malformed answer still counts as confirmed, only without it), anything else is not.
 */
export async function confirmSubscription(basePath: string, token: string): Promise<ConfirmationOutcome> {
  try {
    // A JSON body like every write to the services, which refuse anything else (see docs/calls.md).
    const response = await fetchWithTimeout(
      basePath + fillPath(calls.confirmSubscriber.path, { token }),
      jsonWrite('PUT', {}),
    );
    if (!response.ok) return { confirmed: false };
    const answer = v.safeParse(confirmationSchema, await response.json().catch(() => undefined));
    return { confirmed: true, preferencesToken: answer.success ? answer.output.preferencesToken : undefined };
  } catch {
    return { confirmed: false };
  }
}

/** A same-origin JSON write, as the services require of every page (docs/calls.md#newsletter-service). */
function jsonWrite(method: 'PUT' | 'DELETE' | 'POST', body: unknown): RequestInit {
  return {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

/** `404` (unknown, spent or unsubscribed token) and `410` (expired link) both mean: this link opens nothing any more. */
const isLinkGone = (response: Response) => response.status === 404 || response.status === 410;

/** What reading a subscription with a token found (docs/calls.md#read-subscriber). */
export type SubscriberLookup =
  { status: 'FOUND'; subscriber: Subscriber } | { status: 'LINK_INVALID' } | { status: 'ERROR' };

/**
 * `GET /newsletter-subscribers/{token}`. Never rejects: `LINK_INVALID` for 404 and 410, `ERROR` for every other
 * failure (other statuses, a malformed answer, no answer within 15000 ms): the link may well be fine.
 */
export async function readSubscriber(basePath: string, token: string): Promise<SubscriberLookup> {
  try {
    const response = await fetchWithTimeout(basePath + fillPath(calls.readSubscriber.path, { token }), {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    if (isLinkGone(response)) return { status: 'LINK_INVALID' };
    if (!response.ok) return { status: 'ERROR' };
    const answer = v.safeParse(subscriberSchema, await response.json());
    return answer.success ? { status: 'FOUND', subscriber: answer.output } : { status: 'ERROR' };
  } catch {
    return { status: 'ERROR' };
  }
}

/** Outcome of saving the preferences (docs/calls.md#update-subscriber). */
export type UpdateOutcome =
  | { status: 'SAVED'; subscriber: Subscriber | undefined }
  | { status: 'INVALID'; errors: unknown }
  | { status: 'LINK_INVALID' }
  | { status: 'ERROR' };

/**
 * `PUT /newsletter-subscribers/{token}`. Never rejects: `SAVED` with the stored subscriber (undefined when the answer
 * is malformed: saved all the same), `INVALID` with the problem's `errors` per field for a refused request,
 * `LINK_INVALID` for 404 and 410, `ERROR` for everything else.
 */
export async function updateSubscriber(
  basePath: string,
  token: string,
  request: SubscriberUpdateRequest,
): Promise<UpdateOutcome> {
  try {
    const response = await fetchWithTimeout(
      basePath + fillPath(calls.updateSubscriber.path, { token }),
      jsonWrite('PUT', request),
    );
    if (response.ok) {
      const answer = v.safeParse(subscriberSchema, await response.json().catch(() => undefined));
      return { status: 'SAVED', subscriber: answer.success ? answer.output : undefined };
    }
    if (isLinkGone(response)) return { status: 'LINK_INVALID' };
    const problem = await problemOf(response);
    if (response.status === 400 && problem.type === INVALID_REQUEST_PROBLEM)
      return { status: 'INVALID', errors: problem.errors };
    return { status: 'ERROR' };
  } catch {
    return { status: 'ERROR' };
  }
}

/** Outcome of unsubscribing (docs/calls.md#unsubscribe). */
export type UnsubscribeOutcome = 'UNSUBSCRIBED' | 'LINK_INVALID' | 'ERROR';

/**
 * `DELETE /newsletter-subscribers/{token}` with body `{}`: ends the subscription. Never rejects: a 2xx is
 * `UNSUBSCRIBED`, 404 and 410 `LINK_INVALID`, everything else `ERROR`.
 */
export async function unsubscribe(basePath: string, token: string): Promise<UnsubscribeOutcome> {
  try {
    const response = await fetchWithTimeout(
      basePath + fillPath(calls.deleteSubscriber.path, { token }),
      jsonWrite('DELETE', {}),
    );
    if (response.ok) return 'UNSUBSCRIBED';
    return isLinkGone(response) ? 'LINK_INVALID' : 'ERROR';
  } catch {
    return 'ERROR';
  }
}

/** How an erasure ended (docs/newsletter.md#subscriber-rights). */
export type EraseOutcome = 'ERASED' | 'LINK_INVALID' | 'ERROR';

/** Erases everything stored about the subscription of a preferences token (docs/calls.md#export-and-erasure). */
export async function eraseSubscriber(basePath: string, token: string): Promise<EraseOutcome> {
  try {
    const response = await fetchWithTimeout(
      basePath + fillPath(calls.eraseSubscriber.path, { token }),
      jsonWrite('POST', {}),
    );
    if (response.ok) return 'ERASED';
    return isLinkGone(response) ? 'LINK_INVALID' : 'ERROR';
  } catch {
    return 'ERROR';
  }
}
