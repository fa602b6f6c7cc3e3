import { useAdoptLiveValues } from '../../lib/hydration/useAdoptLiveValues.ts';
import { Button } from '../../ui/Button/Button.tsx';
import { Notification } from '../../ui/Notification/Notification.tsx';
import type { NewsletterSignupProps } from '../NewsletterSignup.tsx';
import type { PreferencesAnswer } from '../../shared/newsletter/formAnswers.ts';
import { EmailText } from './EmailText.tsx';
import { LinkInvalid } from './LinkInvalid.tsx';
import { OutcomeNotice } from './OutcomeNotice.tsx';
import { Pending } from './Pending.tsx';
import { PreferencesForm } from './PreferencesForm.tsx';
import type { PreferencesStrings } from './preferencesStrings.ts';
import { SignUpAgain } from './SignUpAgain.tsx';
import { UnsubscribeSection } from './UnsubscribeSection.tsx';
import { DataRightsSection } from './DataRightsSection.tsx';
import { EraseConfirmation } from './EraseConfirmation.tsx';
import { useErasure } from './useErasure.ts';
import { usePreferences } from './usePreferences.ts';
import './newsletter.css';

export interface NewsletterPreferencesProps {
  /** The shop's sign-up: its strings and rules, and the form offered when there is nothing (left) to change. */
  signUp: Omit<NewsletterSignupProps, 'doiLinkInvalid' | 'headingId' | 'initialEmail'>;
  /** The preferences page's own strings (`preferencesStringKeys`), translated at build time. */
  strings: PreferencesStrings;
  /** Id of the page heading, which names the form. */
  headingId: string;
  /** The shop's segment: the link back to the shop leads to its home page. */
  segment: string;
  /** What the server found or did, when it rendered the page (docs/newsletter.md#plain-form); else the island loads it. */
  answer?: PreferencesAnswer;
}

/**
 * The preferences page's island (docs/newsletter.md#the-preferences-page): reads `?token=`, loads the subscription, lets the
 * subscriber change it or end it; an unknown, spent, expired or erased link gets a message of its own (`LinkInvalid`),
 * not the sign-up: a subscription that ended, by an unsubscribe, a lapse or an erasure, is nothing to sign up to again
 * from a stale link.
 */
export default function NewsletterPreferences({
  signUp,
  strings,
  headingId,
  segment,
  answer,
}: NewsletterPreferencesProps) {
  const singlePageApp = signUp.singlePageApp ?? false;
  const preferences = usePreferences({ rules: signUp.rules, singlePageApp, answer });
  const erasure = useErasure({ singlePageApp, answer });
  // The server-rendered form can be typed into before the island has hydrated (a slow phone): keep what was typed.
  useAdoptLiveValues(() => document.querySelector(`form[aria-labelledby="${CSS.escape(headingId)}"]`));
  const { phase } = preferences;

  if (phase.name === 'loading') return <Pending text={strings['newsletter.preferences.loading']} />;
  if (phase.name === 'loadFailed') {
    return (
      <div className="newsletter-preferences">
        <Notification variant="error" showCloseIcon={false} labelText={strings['newsletter.preferences.loadFailed']} />
        <Button variant="primary-outline" className="newsletter-preferences__retry" onClick={preferences.retry}>
          {strings['newsletter.preferences.retry']}
        </Button>
      </div>
    );
  }
  if (phase.name === 'invalid' || erasure.step === 'invalid')
    return <LinkInvalid strings={strings} segment={segment} />;
  if (phase.name === 'erased' || erasure.step === 'erased') {
    return (
      <div className="newsletter-preferences">
        <OutcomeNotice
          heading={strings['newsletter.preferences.erasedHeading']}
          takesFocus={answer?.outcome !== 'erased'}
        >
          <p>{strings['newsletter.preferences.erasedText']}</p>
        </OutcomeNotice>
      </div>
    );
  }
  if (phase.name === 'unsubscribed') {
    return (
      <div className="newsletter-preferences">
        <OutcomeNotice
          heading={strings['newsletter.preferences.unsubscribedHeading']}
          takesFocus={answer?.outcome !== 'unsubscribed'}
        >
          <p>
            <EmailText text={strings['newsletter.preferences.unsubscribedText']} email={phase.email} />
          </p>
        </OutcomeNotice>
        <SignUpAgain
          signUp={{ ...signUp, initialEmail: phase.email }}
          headingId="newsletter-preferences-signup"
          heading={strings['newsletter.preferences.signUpAgainHeading']}
        >
          <p>{strings['newsletter.preferences.signUpAgainText']}</p>
        </SignUpAgain>
      </div>
    );
  }
  if (erasure.step === 'confirming' || erasure.step === 'erasing') {
    return (
      <div className="newsletter-preferences">
        <EraseConfirmation strings={strings} erasure={erasure} email={phase.email} />
      </div>
    );
  }
  return (
    <div className="newsletter-preferences">
      <p className="newsletter-preferences__address">
        <EmailText text={strings['newsletter.preferences.subscribedAs']} email={phase.email} />
      </p>
      <PreferencesForm
        signUpStrings={signUp.strings}
        strings={strings}
        rules={signUp.rules}
        preferences={preferences}
        headingId={headingId}
      />
      <UnsubscribeSection strings={strings} preferences={preferences} />
      <DataRightsSection strings={strings} erasure={erasure} />
    </div>
  );
}
