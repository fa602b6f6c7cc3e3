import { useEffect, useRef, useState, type FormEvent } from 'react';
import { confirmSubscription, newsletterBasePath } from '../../lib/newsletter/newsletterClient.ts';
import { newsletterPagePath } from '../../shared/newsletter/pagePaths.ts';
import type { NewsletterSignupProps } from '../NewsletterSignup.tsx';
import { Button } from '../../ui/Button/Button.tsx';
import type { ConfirmAnswer } from '../../shared/newsletter/formAnswers.ts';
import { OutcomeNotice } from './OutcomeNotice.tsx';
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

/** The confirmation token of the page's address (`?token=`), or undefined when it has none. */
function tokenOfPage(): string | undefined {
  return new URLSearchParams(window.location.search).get('token') || undefined;
}

/**
 * The double opt-in landing (docs/newsletter.md#double-opt-in): a button that confirms the token from `?token=` with
 * `PUT …/{token}/doi` when the subscriber presses it, then the confirmation with a link to the preferences page, or the
 * sign-up form with the invalid-link banner when the link is unknown, spent or expired. Only the press confirms:
 * opening, prefetching or prerendering the page and hydrating the island send nothing, since mail scanners open links
 * in real browsers and run their scripts. Before hydration, and without JavaScript, the same button posts the token
 * to the page's own address and the server confirms (docs/newsletter.md#plain-form); a bare GET never does.
 */
export default function ConfirmSubscription({ signUp, strings, segment, answer }: ConfirmSubscriptionProps) {
  const [state, setState] = useState<ConfirmationState>(() => initialState(answer));
  // A token is single use: never send it twice, whatever is pressed meanwhile.
  const sent = useRef(answer !== undefined);
  useEffect(() => {
    // A page without any token has nothing to confirm: it says so at once (and sends nothing).
    if (!sent.current && tokenOfPage() === undefined) setState({ name: 'invalid' });
  }, []);

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sent.current) return;
    sent.current = true;
    setState({ name: 'pending' });
    const token = tokenOfPage();
    const confirmed = token
      ? confirmSubscription(newsletterBasePath(window.location.origin, signUp.singlePageApp), token)
      : Promise.resolve({ confirmed: false } as const);
    void confirmed.then((outcome) =>
      setState(
        outcome.confirmed ? { name: 'confirmed', preferencesToken: outcome.preferencesToken } : { name: 'invalid' },
      ),
    );
  };

  if (state.name === 'ask' || state.name === 'pending') {
    // No action: the form posts to this very URL, token included. The button is the page's first control after the
    // heading, so the keyboard reaches it at once.
    return (
      <form method="post" className="newsletter-confirm" onSubmit={confirm}>
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
    // Replaces the button that was pressed: announced and focused (OutcomeNotice). The server's answer to the plain
    // form arrives with it: hydrating then moves nothing.
    return (
      <OutcomeNotice heading={strings.successHeading} takesFocus={answer === undefined}>
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
      </OutcomeNotice>
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
