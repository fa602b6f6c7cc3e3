import { csrfHeaders } from '../../shared/auth/csrf.ts';
import { readCookie } from '../../shared/cookies.ts';
import { LOGIN_COOKIE } from '../../shared/auth/loginToken.ts';
import { fetchWithTimeout } from '../../lib/http.ts';
import { customerFrontendDataService, serviceUrl } from '../../shared/routes.ts';

/**
 * Hides the footer's sign-up when the logged-in customer already subscribed or waits for the double opt-in
 * (docs/footer.md#newsletter-in-the-footer). Only asks when a login cookie exists (an anonymous visitor has no
 * status), and any failure or unknown answer leaves the form shown.
 */
export async function hideNewsletterWhenSubscribed(container: HTMLElement, cookies: string = document.cookie): Promise<void> {
  if (!readCookie(cookies, LOGIN_COOKIE)) return;
  try {
    // Loaded only for logged-in visitors: anonymous ones download no schema code before they interact.
    const { safeParse } = await import('valibot');
    const { customerFrontendDataSchema } = await import('../../shared/newsletter/subscriberSchema.ts');
    const response = await fetchWithTimeout(serviceUrl(customerFrontendDataService, 'psdata'), {
      cache: 'no-store',
      credentials: 'include',
      headers: { accept: 'application/json', ...csrfHeaders(cookies) },
    });
    if (!response.ok) return;
    const data = safeParse(customerFrontendDataSchema, await response.json());
    // Every status there is (waiting for the confirmation, subscribed) makes a second sign-up pointless.
    if (data.success && data.output.nl_status !== null) container.hidden = true;
  } catch {
    // No answer: showing the form is the safe default.
  }
}
