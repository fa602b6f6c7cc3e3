import { EmailText } from './EmailText.tsx';
import { OutcomeNotice } from './OutcomeNotice.tsx';
import type { SignUpStrings } from './signUpStrings.ts';

export interface SuccessMessageProps {
  strings: SignUpStrings;
  /** The address the confirmation e-mail went to. */
  email: string;
  /** It replaces the form just sent in this page (not the server's answer to a plain post): see `OutcomeNotice`. */
  takesFocus: boolean;
}

/** Thanks and what happens next, in place of the form (docs/newsletter.md#states). */
export function SuccessMessage({ strings, email, takesFocus }: SuccessMessageProps) {
  return (
    <OutcomeNotice heading={strings['newsletter.success.heading']} takesFocus={takesFocus}>
      <p>
        <EmailText text={strings['newsletter.success.text']} email={email} />
      </p>
    </OutcomeNotice>
  );
}
