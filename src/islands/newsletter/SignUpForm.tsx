import { useId, useState } from 'react';
import { useHydrated } from '../../lib/hydration/useHydrated.ts';
import { showsExtraFields, type NewsletterRules } from '../../shared/newsletter/formSchema.ts';
import { EMAIL_INPUT_MAX_LENGTH } from '../../shared/newsletter/subscriberSchema.ts';
import { Button } from '../../ui/Button/Button.tsx';
import { Notification } from '../../ui/Notification/Notification.tsx';
import { TextInput } from '../../ui/TextInput/TextInput.tsx';
import { ConsentCheckboxes } from './ConsentCheckboxes.tsx';
import { Honeypot } from './Honeypot.tsx';
import { LegalNotice, type SignUpLink } from './LegalNotice.tsx';
import { PersonalFields } from './PersonalFields.tsx';
import { messageOf, type SignUpStrings } from './signUpStrings.ts';
import { interpolate } from '../../ui/strings.ts';
import type { useSignUpForm } from './useSignUpForm.ts';

export interface SignUpFormProps {
  strings: SignUpStrings;
  rules: NewsletterRules;
  form: ReturnType<typeof useSignUpForm>;
  /** Links under the form (privacy, contact, example newsletter, the shop's legal pages). */
  links: readonly SignUpLink[];
  /** The voucher conditions page, linked from the footnote. */
  voucherConditions: SignUpLink;
  /** The welcome voucher (or discount) in percent. */
  percent: number;
  /** The double opt-in link that led here was not valid: show the banner until the e-mail field gets focus. */
  doiLinkInvalid: boolean;
  /** Id of the section heading that names the form. */
  headingId: string;
}

/**
 * The sign-up form: fields per country rules, consents, legal notice and the submit button
 * (docs/newsletter.md#rules-per-shop).
 */
export function SignUpForm({ strings, rules, form, links, voucherConditions, percent, doiLinkInvalid, headingId }: SignUpFormProps) {
  const id = useId();
  const [showDoiBanner, setShowDoiBanner] = useState(doiLinkInvalid);
  const { values, setValue, errors, checkField, fields, locked } = form;
  const showExtra = showsExtraFields(rules, values, form.emailWasFocused);
  // Until the island runs, a native submit would put the address into the page URL: the button waits for it.
  const hydrated = useHydrated();
  const error = (key: string | undefined) => messageOf(strings, key);
  const register = (name: keyof typeof fields.current) => (element: HTMLElement | null) => {
    fields.current[name] = element;
  };

  return (
    <form key={form.formKey} className="newsletter-form" noValidate aria-labelledby={headingId} onSubmit={(event) => void form.submit(event)}
      onPointerDown={form.holdPointer}>
      {showDoiBanner && <Notification variant="error" showCloseIcon={false} labelText={strings['newsletter.error.doiInvalid']} />}
      {form.generic && <Notification variant="error" showCloseIcon={false} labelText={strings['newsletter.error.generic']} />}
      <p className="newsletter-form__mandatory">{strings['newsletter.mandatoryNote']}</p>
      <div className="newsletter-form__fields">
        <TextInput
          ref={register('newsletterEmail')}
          className="newsletter-form__email"
          id={`${id}-email`}
          label={strings['newsletter.field.email']}
          type="email"
          name="newsletterEmail"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          maxLength={EMAIL_INPUT_MAX_LENGTH}
          value={values.newsletterEmail}
          error={error(errors.newsletterEmail)}
          onValueChange={(value) => setValue('newsletterEmail', value)}
          onFocus={() => {
            form.setEmailWasFocused(true);
            setShowDoiBanner(false);
          }}
          onBlur={() => checkField('newsletterEmail')}
        />
        <Honeypot ref={(element) => form.registerTrap(element)} label={strings['newsletter.field.honeypot']} value={values.email} onChange={(value) => setValue('email', value)} />
        {showExtra && rules.showsPersonalFields && (
          <PersonalFields strings={strings} rules={rules} idPrefix={id} values={values} locked={locked} register={register} onChange={setValue}
            onBlur={checkField}
            errors={{ salutation: error(errors.salutation), firstName: error(errors.firstName), lastName: error(errors.lastName) }} />
        )}
      </div>
      {showExtra && (
        <ConsentCheckboxes
          strings={strings}
          rules={rules}
          values={values}
          hideDne={form.hideDne}
          legalsError={error(errors.legals)}
          legalsRef={register('legals')}
          onChange={setValue}
          legalNotice={<LegalNotice strings={strings} />}
        />
      )}
      <Button type="submit" className="newsletter-form__submit" widthBehaviour="full-mobile" disabled={!hydrated}
        state={form.loading ? 'loading' : 'none'}
        strings={{ 'ui.loading': strings['newsletter.submitting'] }}>
        {strings['newsletter.submit']}
      </Button>
      {showExtra && <p className="newsletter-form__privacy">{strings['newsletter.privacyHint']}</p>}
      <nav className="newsletter-form__links" aria-label={strings['newsletter.links.label']}>
        <ul>
          {links.map((link) => (
            <li key={link.href}><a href={link.href}>{link.text}</a></li>
          ))}
        </ul>
      </nav>
      <p className="newsletter-form__footnote">
        {interpolate(strings['newsletter.voucherFootnote'], { percent })}{' '}
        <a href={voucherConditions.href}>{voucherConditions.text}</a>
      </p>
    </form>
  );
}
