import type { Shop } from '../countries.ts';

/**
 * The newsletter pages of a shop, below `/{segment}/` (docs/newsletter.md#pages): the double opt-in landing page
 * and the subscriber's preferences page. Pages, islands and the newsletter service (links in mails, the one-click
 * unsubscribe URL's GET) build these paths here, so they cannot disagree.
 */
export const newsletterPages = {
  /** Confirms the sign-up link's token (`src/pages/[country]/newsletter/confirm/`). */
  confirm: 'newsletter/confirm/',
  /** Shows and changes a subscription, and ends it, with the preferences token (`src/pages/[country]/newsletter/preferences/`). */
  preferences: 'newsletter/preferences/',
} as const;

/** One of the newsletter pages. */
export type NewsletterPage = keyof typeof newsletterPages;

/**
 * The path of a shop's newsletter page from the site root, with the token as `?token=` when one is given:
 * `newsletterPagePath(hu, 'preferences', 'abc')` is `/hu/newsletter/preferences/?token=abc`.
 */
export function newsletterPagePath(shop: Pick<Shop, 'segment'>, page: NewsletterPage, token?: string): string {
  const path = `/${shop.segment}/${newsletterPages[page]}`;
  return token === undefined ? path : `${path}?token=${encodeURIComponent(token)}`;
}

/**
 * The plain sign-up form's endpoint of a shop, `/{segment}/newsletter/sign-up/` (server/newsletter/forms/signUpForm.ts):
 * a post signs up, a GET shows the success that followed (docs/newsletter.md#plain-form). Not a page of the static
 * build: the server answers it.
 */
export function signUpFormPath(shop: Pick<Shop, 'segment'>): string {
  return `/${shop.segment}/newsletter/sign-up/`;
}
