import { useEffect, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import { LOGIN_COOKIE } from '../../shared/auth/loginCookie.ts';
import { readCookie } from '../../shared/cookies.ts';
import { pushSignUpEvent } from '../../lib/newsletter/analytics.ts';
import {
  emptyFormValues,
  fieldOrder,
  validateNewsletterField,
  validateNewsletterForm,
  type NewsletterField,
  type NewsletterFieldErrors,
  type NewsletterFormValues,
  type NewsletterRules,
} from '../../shared/newsletter/formSchema.ts';
import {
  createSubscriber,
  fetchCustomerBaseData,
  newsletterBasePath,
  type SubmissionResult,
} from '../../lib/newsletter/newsletterClient.ts';
import type { SignUpAnswer } from '../../shared/newsletter/formAnswers.ts';
import { trapSprung } from './honeypotTrap.ts';
import { focusFirstInvalid, useBlurValidation } from './useBlurValidation.ts';
import { $botSubmitted, $submissionResult, $submittedEmail } from '../../lib/newsletter/signUpStore.ts';

/** What the hook needs from the island's props. */
export interface SignUpFormOptions {
  rules: NewsletterRules;
  /** Use the `private` base path (single-page-app pages only). */
  singlePageApp: boolean;
  origin: string;
  originAddition: string;
  /** An address to start with (the preferences page offers a sign-up again to the address that just left). */
  initialEmail?: string;
  /** The server's answer to a plain post of this form: its values and errors are where the form starts. */
  answer?: SignUpAnswer;
}

/**
 * Personal fields that came prefilled from the customer's base data and are therefore locked
 * (docs/newsletter.md#prefill).
 */
export type LockedFields = Partial<Record<'salutation' | 'firstName' | 'lastName', boolean>>;

/** Form state, validation, prefill and submission of the sign-up island (docs/newsletter.md#states). */
export function useSignUpForm({
  rules,
  singlePageApp,
  origin,
  originAddition,
  initialEmail = '',
  answer,
}: SignUpFormOptions) {
  const answered = answer?.outcome === 'invalid' || answer?.outcome === 'failed' ? answer : undefined;
  const [values, setValues] = useState<NewsletterFormValues>(
    () => answered?.values ?? { ...emptyFormValues(), newsletterEmail: initialEmail },
  );
  const [errors, setErrors] = useState<NewsletterFieldErrors>(() =>
    answered?.outcome === 'invalid' ? answered.errors : {},
  );
  // The errors the server sent back with the page, listed in the error summary until the next submit.
  const [summaryErrors, setSummaryErrors] = useState<NewsletterFieldErrors>(() =>
    answered?.outcome === 'invalid' ? answered.errors : {},
  );
  const [emailWasFocused, setEmailWasFocused] = useState(false);
  const [loading, setLoading] = useState(false);
  const [locked, setLocked] = useState<LockedFields>({});
  const [prefilledDne, setPrefilledDne] = useState(false);
  // The component key increments after a submit, so the form remounts clean (docs/newsletter.md#states).
  const [formKey, setFormKey] = useState(0);
  // A ref, not state: two clicks in the same frame must see the first one's flag at once.
  const sending = useRef(false);
  const fields = useRef<Partial<Record<NewsletterField, HTMLElement | null>>>({});
  const trap = useRef<HTMLInputElement | null>(null);
  // The outcome is shared through the store, but an error banner belongs to the form that was sent, not to every
  // sign-up on the page (section and footer).
  const [ownOutcome, setOwnOutcome] = useState<SubmissionResult | undefined>(
    answered?.outcome === 'failed' ? 'ERROR_GENERIC' : undefined,
  );

  // Focus that reached the address before the island hydrated (it hydrates on that very focus) counts as focus.
  useLayoutEffect(() => {
    if (document.activeElement !== null && document.activeElement === fields.current.newsletterEmail)
      setEmailWasFocused(true);
  }, []);

  // Prefill from the customer's base data when somebody is logged in (docs/newsletter.md#prefill).
  useEffect(() => {
    const token = readCookie(document.cookie, LOGIN_COOKIE);
    if (!token) return;
    let current = true;
    void fetchCustomerBaseData(newsletterBasePath(window.location.origin, singlePageApp), token).then((data) => {
      if (!current || !data) return;
      setValues((old) => ({
        ...old,
        newsletterEmail: old.newsletterEmail || data.email,
        salutation: old.salutation || data.salutation,
        firstName: old.firstName || data.firstName,
        lastName: old.lastName || data.lastName,
        consents: data.consents,
      }));
      if (rules.showsPersonalFields) {
        setLocked({
          salutation: data.salutation !== '',
          firstName: data.firstName !== '',
          lastName: data.lastName !== '',
        });
      }
      setPrefilledDne(data.consents.includes('DNE'));
    });
    return () => {
      current = false;
    };
  }, [singlePageApp, rules.showsPersonalFields]);

  const setValue = <K extends keyof NewsletterFormValues>(name: K, value: NewsletterFormValues[K]) => {
    setValues((old) => ({ ...old, [name]: value }));
  };

  const { checkField, holdPointer } = useBlurValidation({
    values,
    errors,
    setErrors,
    validateField: (now: NewsletterFormValues, field: NewsletterField) => validateNewsletterField(rules, now, field),
  });
  const focusInvalid = (found: NewsletterFieldErrors) => focusFirstInvalid(fieldOrder, found, fields.current);

  const finish = (submittedEmail: string) => {
    pushSignUpEvent(origin, originAddition);
    $submittedEmail.set(submittedEmail);
    setValues(emptyFormValues());
    setErrors({});
    setEmailWasFocused(false);
    setFormKey((key) => key + 1);
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    setSummaryErrors({});
    // Honeypot filled by a script: a bot. It sees success; nothing is sent but the analytics event.
    // See docs/newsletter.md#honeypot.
    if (trapSprung(trap.current)) {
      finish(values.newsletterEmail.trim());
      $botSubmitted.set(true);
      return;
    }
    const checked = validateNewsletterForm(rules, values, { origin, originAddition });
    if (!checked.success) {
      setErrors(checked.errors);
      focusInvalid(checked.errors);
      return;
    }
    sending.current = true;
    setLoading(true);
    $submissionResult.set(undefined);
    setOwnOutcome(undefined);
    const outcome = await createSubscriber(newsletterBasePath(window.location.origin, singlePageApp), checked.request);
    sending.current = false;
    setLoading(false);
    if (outcome === 'SUCCESS') {
      finish(checked.request.email);
      $submissionResult.set('SUCCESS');
      return;
    }
    // Unlike a plain reset, an error keeps everything typed (nothing the user entered is lost).
    pushSignUpEvent(origin, originAddition);
    $submissionResult.set(outcome);
    setOwnOutcome(outcome);
    if (outcome === 'ERROR_INVALID_EMAIL') {
      const found = { newsletterEmail: 'newsletter.error.emailInvalid' };
      setErrors(found);
      focusInvalid(found);
    }
  };

  return {
    values,
    setValue,
    errors,
    summaryErrors,
    checkField,
    holdPointer,
    submit,
    loading,
    locked,
    formKey,
    fields,
    /** Ref callback for the honeypot's `<input>`. */
    registerTrap: (element: HTMLInputElement | null) => {
      trap.current = element;
    },
    generic: ownOutcome === 'ERROR_GENERIC',
    hideDne: prefilledDne,
    emailWasFocused,
    setEmailWasFocused,
  };
}
