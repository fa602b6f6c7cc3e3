import { csrfHeaders } from '../../shared/auth/csrf.ts';
import { readCookie } from '../../shared/cookies.ts';
import { LOGIN_COOKIE } from '../../shared/auth/loginToken.ts';
import { fetchWithTimeout } from '../../lib/http.ts';

/** The customer front-end data call (docs/calls.md#psdata). */
export const PSDATA_PATH = '/service/customerfrontenddata/api/v1/psdata';
/** Newsletter states in which the footer sign-up is pointless (docs/footer.md#newsletter-in-the-footer). */
const subscribedStates = new Set(['WAITING_FOR_DOI', 'SUBSCRIBED']);

/**
 * Hides the footer's sign-up when the logged-in customer already subscribed or waits for the double opt-in.
 * Only asks when a login cookie exists (an anonymous visitor has no status), and any failure leaves the form shown.
 */
export async function hideNewsletterWhenSubscribed(container: HTMLElement, cookies: string = document.cookie): Promise<void> {
  if (!readCookie(cookies, LOGIN_COOKIE)) return;
  try {
    const response = await fetchWithTimeout(PSDATA_PATH, {
      cache: 'no-store',
      credentials: 'include',
      headers: { accept: 'application/json', ...csrfHeaders(cookies) },
    });
    if (!response.ok) return;
    const data = (await response.json()) as { nl_status?: unknown } | null;
    if (typeof data?.nl_status === 'string' && subscribedStates.has(data.nl_status)) container.hidden = true;
  } catch {
    // No answer: showing the form is the safe default.
  }
}
