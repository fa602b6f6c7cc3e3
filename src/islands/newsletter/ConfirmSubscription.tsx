import { useEffect, useRef, useState } from 'react';
import { confirmSubscription, newsletterBasePath } from '../../lib/newsletter/newsletterClient.ts';
import { newsletterPagePath } from '../../shared/newsletter/pagePaths.ts';
import { Notification } from '../../ui/Notification/Notification.tsx';
import type { NewsletterSignupProps } from '../NewsletterSignup.tsx';
import { Pending } from './Pending.tsx';
import { SignUpAgain } from './SignUpAgain.tsx';

export interface ConfirmSubscriptionProps {
  /** The sign-up form shown when the link is not valid (any more). */
  signUp: Omit<NewsletterSignupProps, 'doiLinkInvalid' | 'headingId'>;
  strings: {
    pending: string;
    successHeading: string;
    successText: string;
    /** That the welcome mail is on its way (with the voucher, or saying it was issued before). */
    mailSent: string;
    shopLink: string;
    /** The link to the preferences page, shown once confirmed. */
    preferencesLink: string;
    /** Heading of the sign-up form shown after a failed confirmation. */
    signUpHeading: string;
  };
  /** The shop's segment: the preferences page lives under it. */
  segment: string;
}

type ConfirmationState = { name: 'pending' } | { name: 'confirmed'; preferencesToken: string | undefined } | { name: 'invalid' };

/**
 * The double opt-in landing: confirms the token from `?token=` with `PUT …/{token}/doi`, then shows the confirmation
 * with a link to the preferences page, or the sign-up form with the invalid-link banner when the link is unknown,
 * spent or expired (docs/newsletter.md#double-opt-in).
 */
export default function ConfirmSubscription({ signUp, strings, segment }: ConfirmSubscriptionProps) {
  const [state, setState] = useState<ConfirmationState>({ name: 'pending' });
  // A token is single use: never send it twice, even if the effect runs twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get('token');
    // No token at all is an invalid link too.
    const confirmed = token ? confirmSubscription(newsletterBasePath(window.location.origin, signUp.singlePageApp), token) : Promise.resolve({ confirmed: false } as const);
    void confirmed.then((outcome) => setState(outcome.confirmed ? { name: 'confirmed', preferencesToken: outcome.preferencesToken } : { name: 'invalid' }));
  }, [signUp.singlePageApp]);

  if (state.name === 'pending') return <Pending text={strings.pending} />;
  if (state.name === 'confirmed') {
    return (
      <Notification variant="success" showCloseIcon={false} labelText={strings.successHeading}>
        <p>{strings.successText}</p>
        <p>{strings.mailSent}</p>
        {state.preferencesToken && (
          <p><a href={newsletterPagePath({ segment }, 'preferences', state.preferencesToken)}>{strings.preferencesLink}</a></p>
        )}
        <p><a href={`/${segment}/`}>{strings.shopLink}</a></p>
      </Notification>
    );
  }
  return <SignUpAgain signUp={{ ...signUp, doiLinkInvalid: true }} headingId="newsletter-confirm-signup" heading={strings.signUpHeading} />;
}
