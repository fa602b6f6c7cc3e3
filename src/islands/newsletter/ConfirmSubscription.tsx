import { useEffect, useRef, useState } from 'react';
import { confirmSubscription, newsletterBasePath } from '../../lib/newsletter/newsletterClient.ts';
import { newsletterPagePath } from '../../shared/newsletter/pagePaths.ts';
import { Notification } from '../../ui/Notification/Notification.tsx';
import type { NewsletterSignupProps } from '../NewsletterSignup.tsx';
import { Button } from '../../ui/Button/Button.tsx';
import type { ConfirmAnswer } from '../../shared/newsletter/formAnswers.ts';
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
    /** What the confirm button does, above it. */
    intro: string;
    /** The confirm button. */
    button: string;
  };
  /** The shop's segment: the preferences page lives under it. */
  segment: string;
  /** The server's answer to the confirm button's plain post, when the page was rendered with one. */
  answer?: ConfirmAnswer;
}

type ConfirmationState =
  | { name: 'ask' }
  | { name: 'pending' }
  | { name: 'confirmed'; preferencesToken: string | undefined }
  | { name: 'invalid' };

/** Where the page starts: the server's answer, or the confirm button. */
function initialState(answer: ConfirmAnswer | undefined): ConfirmationState {
  if (answer?.outcome === 'confirmed') return { name: 'confirmed', preferencesToken: answer.preferencesToken };
  if (answer?.outcome === 'invalid') return { name: 'invalid' };
  return { name: 'ask' };
}

/**
 * The double opt-in landing: confirms the token from `?token=` with `PUT …/{token}/doi`, then shows the confirmation
 * with a link to the preferences page, or the sign-up form with the invalid-link banner when the link is unknown,
 * spent or expired (docs/newsletter.md#double-opt-in). The server HTML is a form whose button posts the token, so the
 * link also confirms without JavaScript (never on a bare GET, which mail scanners send: docs/newsletter.md#plain-form);
 * with JavaScript the island confirms at once and the button shows that it is under way.
 */
export default function ConfirmSubscription({ signUp, strings, segment, answer }: ConfirmSubscriptionProps) {
  const [state, setState] = useState<ConfirmationState>(() => initialState(answer));
  // A token is single use: never send it twice, even if the effect runs twice.
  const started = useRef(answer !== undefined);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    setState({ name: 'pending' });
    const token = new URLSearchParams(window.location.search).get('token');
    // No token at all is an invalid link too.
    const confirmed = token
      ? confirmSubscription(newsletterBasePath(window.location.origin, signUp.singlePageApp), token)
      : Promise.resolve({ confirmed: false } as const);
    void confirmed.then((outcome) =>
      setState(
        outcome.confirmed ? { name: 'confirmed', preferencesToken: outcome.preferencesToken } : { name: 'invalid' },
      ),
    );
  }, [signUp.singlePageApp]);

  if (state.name === 'ask' || state.name === 'pending') {
    // No action: the form posts to this very URL, token included.
    return (
      <form method="post" className="newsletter-confirm" onSubmit={(event) => event.preventDefault()}>
        <p>{strings.intro}</p>
        <Button
          type="submit"
          widthBehaviour="full-mobile"
          state={state.name === 'pending' ? 'loading' : 'none'}
          strings={{ 'ui.loading': strings.pending }}
        >
          {strings.button}
        </Button>
      </form>
    );
  }
  if (state.name === 'confirmed') {
    return (
      <Notification variant="success" showCloseIcon={false} labelText={strings.successHeading}>
        <p>{strings.successText}</p>
        <p>{strings.mailSent}</p>
        {state.preferencesToken && (
          <p>
            <a href={newsletterPagePath({ segment }, 'preferences', state.preferencesToken)}>
              {strings.preferencesLink}
            </a>
          </p>
        )}
        <p>
          <a href={`/${segment}/`}>{strings.shopLink}</a>
        </p>
      </Notification>
    );
  }
  return (
    <SignUpAgain
      signUp={{ ...signUp, doiLinkInvalid: true }}
      headingId="newsletter-confirm-signup"
      heading={strings.signUpHeading}
    />
  );
}
