import { EmailText } from './EmailText.tsx';
import { OutcomeNotice } from './OutcomeNotice.tsx';
import type { SignUpStrings } from './signUpStrings.ts';

export interface SuccessMessageProps {
  strings: SignUpStrings;
  /** The address the confirmation e-mail went to. */
  email: string;
}

/** Thanks and what happens next, in place of the form (docs/newsletter.md#states). */
export function SuccessMessage({ strings, email }: SuccessMessageProps) {
  return (
    <OutcomeNotice heading={strings['newsletter.success.heading']}>
      <p>
        <EmailText text={strings['newsletter.success.text']} email={email} />
      </p>
    </OutcomeNotice>
  );
}
