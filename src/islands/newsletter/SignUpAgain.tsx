import type { ReactNode } from 'react';
import NewsletterSignup, { type NewsletterSignupProps } from '../NewsletterSignup.tsx';

export interface SignUpAgainProps {
  /** The sign-up form's props for this shop. */
  signUp: Omit<NewsletterSignupProps, 'headingId'>;
  /** Id of the section heading, unique on the page. */
  headingId: string;
  /** The heading, already translated. */
  heading: string;
  /** Text under the heading. */
  children?: ReactNode;
}

/**
 * The sign-up offered on a subscriber's page when there is nothing (left) to confirm or change: an unknown, spent or
 * expired link (with `signUp.doiLinkInvalid`), or right after unsubscribing (docs/newsletter.md#pages).
 */
export function SignUpAgain({ signUp, headingId, heading, children }: SignUpAgainProps) {
  return (
    <section className="newsletter-sign-up-again" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {children}
      <NewsletterSignup {...signUp} headingId={headingId} />
    </section>
  );
}
