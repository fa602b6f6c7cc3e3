import * as v from 'valibot';
import {
  emptyFormValues,
  firstErrorPerField,
  personalFieldEntries,
  type NewsletterFieldErrors,
  type NewsletterFormValues,
  type NewsletterRules,
  ungatedFieldEntries,
} from './formSchema.ts';
import { changeableFieldNames, requestValuesOf, type ChangeableFieldName } from './subscriberFields.ts';
import { subscriberUpdateRequestSchema, type SubscriberUpdateRequest } from './subscriberSchema.ts';

/**
 * What the preferences page holds (docs/newsletter.md#the-preferences-page): the sign-up form's personal fields and consents,
 * checked by the same rules. The address itself cannot be changed there (a new address needs its own double opt-in).
 */
export type PreferencesFormValues = Pick<NewsletterFormValues, ChangeableFieldName>;

/** A field of the preferences form that can carry an error, in the order they appear. */
export const preferencesFieldOrder = ['salutation', 'firstName', 'lastName'] as const;
export type PreferencesField = (typeof preferencesFieldOrder)[number];

/** Field errors as catalogue keys, one per field. */
export type PreferencesFieldErrors = Partial<Record<PreferencesField, string>>;

/** The preferences among the sign-up form's values: the fields a subscriber can change (src/shared/newsletter/subscriberFields.ts). */
export function preferencesValuesOf(values: NewsletterFormValues): PreferencesFormValues {
  return Object.fromEntries(changeableFieldNames.map((name) => [name, values[name]])) as PreferencesFormValues;
}

/** The changeable fields as a stored subscriber or an update request holds them: absent ones null or left out. */
export type StoredPreferences = { [K in ChangeableFieldName]?: PreferencesFormValues[K] | null };

/** The form's values for a stored subscriber, or for an update request as sent (missing values are empty). */
export function preferencesOf<Stored extends StoredPreferences>(stored: Stored): PreferencesFormValues {
  const values: Record<string, unknown> = preferencesValuesOf(emptyFormValues());
  for (const name of changeableFieldNames) {
    const value = stored[name];
    if (value !== undefined && value !== null) values[name] = Array.isArray(value) ? [...(value as unknown[])] : value;
  }
  return values as PreferencesFormValues;
}

function onlyPreferencesFields(errors: NewsletterFieldErrors): PreferencesFieldErrors {
  const own: PreferencesFieldErrors = {};
  for (const field of preferencesFieldOrder) if (errors[field]) own[field] = errors[field];
  return own;
}

/**
 * Checks the preferences for one country with the sign-up's rules (HU salutation and names, TR names): the update
 * request to send, or the errors to show. A country that does not show the personal fields sends back what `stored`
 * holds, so saving never changes what the page does not show. Empty values are left out of the request.
 */
export function validatePreferences(
  rules: NewsletterRules,
  values: PreferencesFormValues,
  stored: PreferencesFormValues = values,
): { success: true; request: SubscriberUpdateRequest } | { success: false; errors: PreferencesFieldErrors } {
  const result = v.safeParse(
    v.object({ ...ungatedFieldEntries(changeableFieldNames), ...personalFieldEntries(rules) }),
    values,
  );
  if (!result.success) return { success: false, errors: onlyPreferencesFields(firstErrorPerField(result.issues)) };
  const checked = { ...stored, ...(result.output as Partial<PreferencesFormValues>) };
  const request = v.parse(subscriberUpdateRequestSchema, requestValuesOf(checked, changeableFieldNames));
  return { success: true, request };
}

/** One field checked on its own (on blur): its error key, or undefined. */
export function validatePreferencesField(
  rules: NewsletterRules,
  values: PreferencesFormValues,
  field: PreferencesField,
): string | undefined {
  const result = validatePreferences(rules, values);
  return result.success ? undefined : result.errors[field];
}

/**
 * The field errors of a refused update (`400` `urn:newsletter:invalid_request`, `errors` per field): the first
 * message of each field the form shows. Anything else (fields the page does not show, unknown shapes) is left out,
 * so the caller can fall back to the generic error when nothing is left.
 */
export function preferencesErrorsOf(rules: NewsletterRules, errors: unknown): PreferencesFieldErrors {
  const found: PreferencesFieldErrors = {};
  if (!rules.showsPersonalFields || typeof errors !== 'object' || errors === null) return found;
  for (const field of preferencesFieldOrder) {
    const messages: unknown = Object.hasOwn(errors, field) ? (errors as Record<string, unknown>)[field] : undefined;
    const first: unknown = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string' && first !== '') found[field] = first;
  }
  return found;
}
