import { readCookie } from '../../shared/cookies.ts';
import { LOGIN_COOKIE } from '../../shared/auth/loginCookie.ts';
import { fetchNewsletterStatus } from '../../lib/newsletter/psdataClient.ts';

/**
 * Hides the footer's sign-up when the logged-in customer already subscribed or waits for the double opt-in
 * (docs/footer.md#newsletter-in-the-footer). Only asks when a login cookie exists (an anonymous visitor has no
 * status), and any failure or unknown answer leaves the form shown.
 */
export async function hideNewsletterWhenSubscribed(
  container: HTMLElement,
  cookies: string = document.cookie,
): Promise<void> {
  if (!readCookie(cookies, LOGIN_COOKIE)) return;
  try {
    const status = await fetchNewsletterStatus(cookies);
    // Every status there is (waiting for the confirmation, subscribed) makes a second sign-up pointless.
    if (status !== undefined && status !== null) container.hidden = true;
  } catch {
    // No answer: showing the form is the safe default.
  }
}
