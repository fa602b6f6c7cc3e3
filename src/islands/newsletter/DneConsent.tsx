import type { NewsletterFormValues } from '../../shared/newsletter/formSchema.ts';
import { Checkbox } from '../../ui/Checkbox/Checkbox.tsx';
import type { SignUpStrings } from './signUpStrings.ts';

export interface DneConsentProps {
  strings: SignUpStrings;
  /** The consents as the form holds them. */
  consents: NewsletterFormValues['consents'];
  onChange: (consents: NewsletterFormValues['consents']) => void;
}

/**
 * The DNE consent (personalised offers and profiling), optional, in the same words on the sign-up and on the
 * preferences page, where unticking it withdraws it (docs/newsletter.md#fields).
 */
export function DneConsent({ strings, consents, onChange }: DneConsentProps) {
  return (
    <Checkbox
      className="newsletter-consent"
      name="consents"
      value="DNE"
      label={strings['newsletter.consent.dne']}
      checked={consents.includes('DNE')}
      onCheckedChange={(checked) => onChange(checked ? ['DNE'] : [])}
    />
  );
}
