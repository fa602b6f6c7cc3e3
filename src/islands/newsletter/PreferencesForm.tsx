import { useId } from 'react';
import type { NewsletterRules } from '../../shared/newsletter/formSchema.ts';
import { Button } from '../../ui/Button/Button.tsx';
import { Notification } from '../../ui/Notification/Notification.tsx';
import { DneConsent } from './DneConsent.tsx';
import { PersonalFields, personalFieldIds } from './PersonalFields.tsx';
import { ErrorSummary } from '../../ui/ErrorSummary/ErrorSummary.tsx';
import { formFieldNames, type PreferencesIntent } from '../../shared/newsletter/formAnswers.ts';
import { preferencesFieldOrder } from '../../shared/newsletter/preferencesSchema.ts';
import type { PreferencesStrings } from './preferencesStrings.ts';
import { messageOf, type SignUpStrings } from './signUpStrings.ts';
import type { usePreferences } from './usePreferences.ts';

export interface PreferencesFormProps {
  /** The sign-up's strings: field labels, salutations, the DNE consent and the messages. */
  signUpStrings: SignUpStrings;
  strings: PreferencesStrings;
  rules: NewsletterRules;
  preferences: ReturnType<typeof usePreferences>;
  /** Id of the heading that names the form. */
  headingId: string;
}

/** What this form's post asks the server to do (docs/newsletter.md#plain-form). */
const saveIntent: PreferencesIntent = 'save';
/**
 * The subscriber's fields as the shop's sign-up form has them (salutation and names where the shop shows them, with
 * its mandatory rules; the DNE consent, always shown here, so that it can be withdrawn as it was given) and Save
 * (docs/newsletter.md#the-preferences-page).
 */
export function PreferencesForm({ signUpStrings, strings, rules, preferences, headingId }: PreferencesFormProps) {
  const id = useId();
  const { values, setValue, errors, checkField, fields, saveOutcome } = preferences;
  const error = (key: string | undefined) => messageOf(signUpStrings, key);
  const summary = preferencesFieldOrder.flatMap((field) => {
    const text = error(preferences.summaryErrors[field]);
    return text ? [{ fieldId: `${id}-${personalFieldIds[field]}`, text }] : [];
  });
  const register = (name: keyof typeof fields.current) => (element: HTMLElement | null) => {
    fields.current[name] = element;
  };
  return (
    // No action: without JavaScript the form posts to this very URL, token included (docs/newsletter.md#plain-form).
    <form
      className="newsletter-form newsletter-preferences__form"
      method="post"
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void preferences.save(event)}
      onPointerDown={preferences.holdPointer}
    >
      <input type="hidden" name={formFieldNames.intent} value={saveIntent} />
      <ErrorSummary title={signUpStrings['newsletter.errorSummary.title']} errors={summary} />
      {rules.showsPersonalFields && (
        <>
          {(rules.requiresSalutation || rules.requiresNames) && (
            <p className="newsletter-form__mandatory">{signUpStrings['newsletter.mandatoryNote']}</p>
          )}
          <div className="newsletter-form__fields">
            <PersonalFields
              strings={signUpStrings}
              rules={rules}
              idPrefix={id}
              values={values}
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
        </>
      )}
      <DneConsent
        strings={signUpStrings}
        consents={values.consents}
        onChange={(consents) => setValue('consents', consents)}
      />
      {saveOutcome === 'saved' && (
        <Notification variant="success" showCloseIcon={false} labelText={strings['newsletter.preferences.saved']} />
      )}
      {saveOutcome === 'failed' && (
        <Notification variant="error" showCloseIcon={false} labelText={strings['newsletter.preferences.saveFailed']} />
      )}
      <Button
        type="submit"
        className="newsletter-form__submit"
        widthBehaviour="full-mobile"
        state={preferences.saving ? 'loading' : 'none'}
        strings={{ 'ui.loading': strings['newsletter.preferences.saving'] }}
      >
        {strings['newsletter.preferences.save']}
      </Button>
    </form>
  );
}
