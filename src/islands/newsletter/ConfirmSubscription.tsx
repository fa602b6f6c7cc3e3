import { useEffect, useRef, useState } from 'react';
import { confirmSubscription, newsletterBasePath } from '../../lib/newsletter/newsletterClient.ts';
import { Notification } from '../../ui/Notification/Notification.tsx';
import { Spinner } from '../../ui/Spinner/Spinner.tsx';
import NewsletterSignup, { type NewsletterSignupProps } from '../NewsletterSignup.tsx';

export interface ConfirmSubscriptionProps {
  /** The sign-up form shown when the link is not valid (any more). */
  signUp: Omit<NewsletterSignupProps, 'doiLinkInvalid' | 'headingId'>;
  strings: {
    pending: string;
    successHeading: string;
    successText: string;
    shopLink: string;
    /** Heading of the sign-up form shown after a failed confirmation. */
    signUpHeading: string;
  };
  /** The shop's home page. */
  shopHref: string;
}

/**
 * The double opt-in landing: confirms the token from `?token=` with `PUT …/{token}/doi`, then shows the confirmation,
 * or the sign-up form with the invalid-link banner when the link is unknown, spent or expired.
 */
export default function ConfirmSubscription({ signUp, strings, shopHref }: ConfirmSubscriptionProps) {
  const [state, setState] = useState<'pending' | 'confirmed' | 'invalid'>('pending');
  // A token is single use: never send it twice, even if the effect runs twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get('token');
    // No token at all is an invalid link too.
    const confirmed = token ? confirmSubscription(newsletterBasePath(window.location.origin, signUp.singlePageApp), token) : Promise.resolve(false);
    void confirmed.then((ok) => setState(ok ? 'confirmed' : 'invalid'));
  }, [signUp.singlePageApp]);

  if (state === 'pending') {
    return (
      <div className="newsletter-confirm__pending">
        <Spinner size="medium" label={strings.pending} live={false} />
        <p role="status">{strings.pending}</p>
      </div>
    );
  }
  if (state === 'confirmed') {
    return (
      <Notification variant="success" showCloseIcon={false} labelText={strings.successHeading}>
        <p>{strings.successText}</p>
        <p><a href={shopHref}>{strings.shopLink}</a></p>
      </Notification>
    );
  }
  return (
    <section aria-labelledby="newsletter-confirm-signup">
      <h2 id="newsletter-confirm-signup">{strings.signUpHeading}</h2>
      <NewsletterSignup {...signUp} doiLinkInvalid headingId="newsletter-confirm-signup" />
    </section>
  );
}
