import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  newsletterBasePath,
  readSubscriber,
  unsubscribe,
  updateSubscriber,
} from '../../lib/newsletter/newsletterClient.ts';
import { emptyFormValues, type NewsletterRules } from '../../shared/newsletter/formSchema.ts';
import {
  preferencesErrorsOf,
  preferencesFieldOrder,
  preferencesOf,
  preferencesValuesOf,
  validatePreferences,
  validatePreferencesField,
  type PreferencesField,
  type PreferencesFieldErrors,
  type PreferencesFormValues,
} from '../../shared/newsletter/preferencesSchema.ts';
import type { PreferencesAnswer } from '../../shared/newsletter/formAnswers.ts';
import { focusFirstInvalid, useBlurValidation } from './useBlurValidation.ts';

/** What the page shows (docs/newsletter.md#the-preferences-page). */
export type PreferencesPhase =
  | { name: 'loading' }
  | { name: 'loadFailed' }
  | { name: 'invalid' }
  | { name: 'ready'; email: string; stored: PreferencesFormValues }
  | { name: 'unsubscribed'; email: string }
  | { name: 'erased' };

/** The phase the server's answer shows, or loading when the page came without one (the static page). */
function phaseOf(answer: PreferencesAnswer | undefined): PreferencesPhase {
  if (!answer) return { name: 'loading' };
  if (answer.outcome === 'ready') return { name: 'ready', email: answer.email, stored: answer.stored };
  if (answer.outcome === 'unsubscribed') return { name: 'unsubscribed', email: answer.email };
  return { name: answer.outcome };
}

/**
 * Loading, saving and ending a subscription with the preferences token from `?token=` (docs/newsletter.md#the-preferences-page).
 * One write at a time; unsubscribing wins over a save still under way, whose answer is then ignored.
 */
export function usePreferences({
  rules,
  singlePageApp,
  answer,
}: {
  rules: NewsletterRules;
  singlePageApp: boolean;
  answer?: PreferencesAnswer;
}) {
  const ready = answer?.outcome === 'ready' ? answer : undefined;
  const [phase, setPhase] = useState<PreferencesPhase>(() => phaseOf(answer));
  const [values, setValues] = useState<PreferencesFormValues>(
    () => ready?.values ?? preferencesValuesOf(emptyFormValues()),
  );
  const [errors, setErrors] = useState<PreferencesFieldErrors>(() => ready?.errors ?? {});
  // The errors the server sent back with the page, listed in the error summary until the next save.
  const [summaryErrors, setSummaryErrors] = useState<PreferencesFieldErrors>(() => ready?.errors ?? {});
  const [saving, setSaving] = useState(false);
  const [saveOutcome, setSaveOutcome] = useState<'saved' | 'failed' | undefined>(() =>
    ready?.notice === 'saved' ? 'saved' : ready?.notice === 'saveFailed' ? 'failed' : undefined,
  );
  const [unsubscribing, setUnsubscribing] = useState(false);
  const [unsubscribeFailed, setUnsubscribeFailed] = useState(ready?.notice === 'unsubscribeFailed');
  // Refs, not state: a second click in the same frame must see the first one's flag at once.
  const savingNow = useRef(false);
  const unsubscribingNow = useRef(false);
  const fields = useRef<Partial<Record<PreferencesField, HTMLElement | null>>>({});
  const token = useRef<string | null>(null);
  const base = useCallback(() => newsletterBasePath(window.location.origin, singlePageApp), [singlePageApp]);

  /** Reads the subscription and shows it, or what stands in its way. */
  const load = useCallback(async () => {
    // No token at all is an invalid link too.
    const found = token.current ? await readSubscriber(base(), token.current) : ({ status: 'LINK_INVALID' } as const);
    if (found.status === 'ERROR') {
      setPhase({ name: 'loadFailed' });
    } else if (found.status === 'LINK_INVALID' || found.subscriber.status !== 'SUBSCRIBED') {
      // A pending sign-up's confirmation link reads, but changes nothing: it is not a preferences link.
      setPhase({ name: 'invalid' });
    } else {
      const stored = preferencesOf(found.subscriber);
      setValues(stored);
      setPhase({ name: 'ready', email: found.subscriber.email, stored });
    }
  }, [base]);

  // A page the server rendered already shows the subscription: nothing to load.
  const loadAtStart = useRef(answer === undefined);
  useEffect(() => {
    token.current = new URLSearchParams(window.location.search).get('token');
    if (loadAtStart.current) void load();
  }, [load]);

  const setValue = <K extends keyof PreferencesFormValues>(name: K, value: PreferencesFormValues[K]) => {
    setValues((old) => ({ ...old, [name]: value }));
    // "Saved" speaks of what is shown; once that changes it no longer holds.
    setSaveOutcome(undefined);
  };

  const { checkField, holdPointer } = useBlurValidation({
    values,
    errors,
    setErrors,
    validateField: (now: PreferencesFormValues, field: PreferencesField) => validatePreferencesField(rules, now, field),
  });
  const focusInvalid = (found: PreferencesFieldErrors) =>
    focusFirstInvalid(preferencesFieldOrder, found, fields.current);

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase.name !== 'ready' || savingNow.current || unsubscribingNow.current || !token.current) return;
    setSummaryErrors({});
    const checked = validatePreferences(rules, values, phase.stored);
    if (!checked.success) {
      setErrors(checked.errors);
      focusInvalid(checked.errors);
      return;
    }
    savingNow.current = true;
    setSaving(true);
    setSaveOutcome(undefined);
    const outcome = await updateSubscriber(base(), token.current, checked.request);
    savingNow.current = false;
    setSaving(false);
    // Unsubscribed meanwhile: the save's answer no longer matters.
    if (unsubscribingNow.current) return;
    if (outcome.status === 'SAVED') {
      // What the service stored, or when its answer did not say, the request as sent.
      const stored = preferencesOf(outcome.subscriber ?? checked.request);
      setValues(stored);
      setErrors({});
      setPhase((old) => (old.name === 'ready' ? { ...old, stored } : old));
      setSaveOutcome('saved');
      return;
    }
    if (outcome.status === 'LINK_INVALID') {
      setPhase((old) => (old.name === 'ready' ? { name: 'invalid' } : old));
      return;
    }
    const refused = outcome.status === 'INVALID' ? preferencesErrorsOf(rules, outcome.errors) : {};
    if (Object.keys(refused).length > 0) {
      setErrors(refused);
      focusInvalid(refused);
      return;
    }
    setSaveOutcome('failed');
  };

  const leave = async () => {
    if (phase.name !== 'ready' || unsubscribingNow.current || !token.current) return;
    const { email } = phase;
    unsubscribingNow.current = true;
    setUnsubscribing(true);
    setUnsubscribeFailed(false);
    setSaveOutcome(undefined);
    const outcome = await unsubscribe(base(), token.current);
    unsubscribingNow.current = false;
    setUnsubscribing(false);
    if (outcome === 'UNSUBSCRIBED') setPhase({ name: 'unsubscribed', email });
    else if (outcome === 'LINK_INVALID') setPhase({ name: 'invalid' });
    else setUnsubscribeFailed(true);
  };

  return {
    phase,
    values,
    setValue,
    errors,
    summaryErrors,
    checkField,
    holdPointer,
    fields,
    save,
    saving,
    saveOutcome,
    leave,
    unsubscribing,
    unsubscribeFailed,
    /** Loads again after a failed load. */
    retry: () => {
      setPhase({ name: 'loading' });
      void load();
    },
  };
}
