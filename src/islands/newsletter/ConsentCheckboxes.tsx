import type { ReactNode, Ref } from 'react';
import type { NewsletterFormValues, NewsletterRules } from '../../shared/newsletter/formSchema.ts';
import { Checkbox } from '../../ui/Checkbox/Checkbox.tsx';
import { DneConsent } from './DneConsent.tsx';
import type { SignUpStrings } from './signUpStrings.ts';

export interface ConsentCheckboxesProps {
  strings: SignUpStrings;
  rules: NewsletterRules;
  values: NewsletterFormValues;
  /** The customer already gave the DNE consent (prefill): do not ask again. */
  hideDne: boolean;
  legalsError?: string;
  /** Id of the commercial-message consent's checkbox (the error summary links to it). */
  legalsId?: string;
  legalsRef: Ref<HTMLInputElement>;
  onChange: <K extends 'consents' | 'legals'>(name: K, value: NewsletterFormValues[K]) => void;
  /** The legal notice, placed after inline consents (TR) or before the DNE consent elsewhere. */
  legalNotice: ReactNode;
}

/** The DNE consent (optional; inline on the Turkish site) and Turkey's mandatory commercial message consent. */
export function ConsentCheckboxes({
  strings,
  rules,
  values,
  hideDne,
  legalsError,
  legalsId,
  legalsRef,
  onChange,
  legalNotice,
}: ConsentCheckboxesProps) {
  const dne = hideDne ? null : (
    <DneConsent strings={strings} consents={values.consents} onChange={(consents) => onChange('consents', consents)} />
  );
  return (
    <div className="newsletter-consents">
      {rules.inlineDneConsent && dne}
      {rules.requiresCommercialConsent && (
        <Checkbox
          ref={legalsRef}
          id={legalsId}
          className="newsletter-consent"
          name="legals"
          value="NEWSLETTER"
          required
          label={strings['newsletter.consent.commercial']}
          checked={values.legals.includes('NEWSLETTER')}
          error={legalsError}
          onCheckedChange={(checked) => onChange('legals', checked ? ['NEWSLETTER'] : [])}
        />
      )}
      {legalNotice}
      {!rules.inlineDneConsent && dne}
    </div>
  );
}
