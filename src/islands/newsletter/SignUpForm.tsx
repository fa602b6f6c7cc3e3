import { useId, useState } from 'react';
import { formFieldNames, signUpSectionId, type SignUpPlacement } from '../../shared/newsletter/formAnswers.ts';
import {
  fieldOrder,
  showsExtraFields,
  type NewsletterField,
  type NewsletterRules,
} from '../../shared/newsletter/formSchema.ts';
import { ErrorSummary } from '../../ui/ErrorSummary/ErrorSummary.tsx';
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
  /** Where the form posts without JavaScript, and the page and section an answer is shown in (docs/newsletter.md#plain-form). */
  post: { action: string; page: string; placement: SignUpPlacement };
}

/** The ids of the fields an error can be about, for the error summary's links. */
function fieldIds(id: string): Record<NewsletterField, string> {
  return {
    newsletterEmail: `${id}-email`,
    salutation: `${id}-salutation`,
    firstName: `${id}-first-name`,
    lastName: `${id}-last-name`,
    legals: `${id}-legals`,
  };
}

/**
 * The sign-up form: fields per country rules, consents, legal notice and the submit button
 * (docs/newsletter.md#rules-per-shop).
 */
export function SignUpForm({
  strings,
  rules,
  form,
  links,
  voucherConditions,
  percent,
  doiLinkInvalid,
  headingId,
  post,
}: SignUpFormProps) {
  const id = useId();
  const ids = fieldIds(id);
  const [showDoiBanner, setShowDoiBanner] = useState(doiLinkInvalid);
  const { values, setValue, errors, checkField, fields, locked } = form;
  // The extra fields are always in the HTML; CSS shows them while the address has focus or a value, before and after
  // hydration alike, so nothing moves under the pointer when the island takes over (newsletter.css).
  const showExtra = showsExtraFields(rules, values, form.emailWasFocused);
  const error = (key: string | undefined) => messageOf(strings, key);
  const summary = fieldOrder.flatMap((field) => {
    const text = error(form.summaryErrors[field]);
    return text ? [{ fieldId: ids[field], text }] : [];
  });
  const register = (name: keyof typeof fields.current) => (element: HTMLElement | null) => {
    fields.current[name] = element;
  };

  return (
    // A real form: without JavaScript (or before the island runs, see src/lib/hydration/interactionDirective.ts) the
    // browser posts it to the server, which answers with the page (docs/newsletter.md#plain-form).
    <form
      key={form.formKey}
      className={showExtra ? 'newsletter-form newsletter-form--extended' : 'newsletter-form'}
      method="post"
      action={`${post.action}#${signUpSectionId(post.placement)}`}
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void form.submit(event)}
      onPointerDown={form.holdPointer}
    >
      <input type="hidden" name={formFieldNames.page} value={post.page} />
      <input type="hidden" name={formFieldNames.placement} value={post.placement} />
      <ErrorSummary
        title={strings['newsletter.errorSummary.title']}
        errors={summary}
        className="newsletter-form__summary"
      />
      {showDoiBanner && (
        <Notification variant="error" showCloseIcon={false} labelText={strings['newsletter.error.doiInvalid']} />
      )}
      {form.generic && (
        <Notification variant="error" showCloseIcon={false} labelText={strings['newsletter.error.generic']} />
      )}
      <p className="newsletter-form__mandatory">{strings['newsletter.mandatoryNote']}</p>
      <div className="newsletter-form__fields">
        <TextInput
          ref={register('newsletterEmail')}
          className="newsletter-form__email"
          id={ids.newsletterEmail}
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
        <Honeypot
          ref={(element) => form.registerTrap(element)}
          label={strings['newsletter.field.honeypot']}
          value={values.email}
          onChange={(value) => setValue('email', value)}
        />
        {rules.showsPersonalFields && (
          <div className="newsletter-form__extra">
            <PersonalFields
              strings={strings}
              rules={rules}
              idPrefix={id}
              values={values}
              locked={locked}
              register={register}
              onChange={setValue}
              onBlur={checkField}
              errors={{
                salutation: error(errors.salutation),
                firstName: error(errors.firstName),
                lastName: error(errors.lastName),
              }}
            />
          </div>
        )}
      </div>
      <div className="newsletter-form__extra">
        <ConsentCheckboxes
          legalsId={ids.legals}
          strings={strings}
          rules={rules}
          values={values}
          hideDne={form.hideDne}
          legalsError={error(errors.legals)}
          legalsRef={register('legals')}
          onChange={setValue}
          legalNotice={<LegalNotice strings={strings} />}
        />
      </div>
      <Button
        type="submit"
        className="newsletter-form__submit"
        widthBehaviour="full-mobile"
        state={form.loading ? 'loading' : 'none'}
        strings={{ 'ui.loading': strings['newsletter.submitting'] }}
      >
        {strings['newsletter.submit']}
      </Button>
      <div className="newsletter-form__extra">
        <p className="newsletter-form__privacy">{strings['newsletter.privacyHint']}</p>
      </div>
      <nav className="newsletter-form__links" aria-label={strings['newsletter.links.label']}>
        <ul>
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.text}</a>
            </li>
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
