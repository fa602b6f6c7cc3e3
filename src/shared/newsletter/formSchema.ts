import * as v from 'valibot';
import type { Shop } from '../countries.ts';
import {
  consentValues,
  emailSchema,
  legalValues,
  nameSchema,
  salutations,
  subscriberCreateRequestSchema,
  type SubscriberCreateRequest,
} from './subscriberSchema.ts';
import {
  requestValuesOf,
  subscriberFieldList,
  subscriberFieldNames,
  type SubscriberFieldDeclaration,
} from './subscriberFields.ts';

/** The per-country sign-up rules from the country table. */
export type NewsletterRules = Shop['newsletter'];

/**
 * What the sign-up form holds (docs/newsletter.md#fields). `email` holds the honeypot (its input is named
 * `website`, a word autofill leaves alone: docs/newsletter.md#honeypot); people type their address into `newsletterEmail`.
 */
export const newsletterFormValuesSchema = v.object({
  /** Honeypot: hidden from people; filled means a bot. */
  email: v.string(),
  /** The address to subscribe. */
  newsletterEmail: v.string(),
  /** Empty when not chosen. */
  salutation: v.union([v.literal(''), v.picklist(salutations)]),
  firstName: v.string(),
  lastName: v.string(),
  consents: v.array(v.picklist(consentValues)),
  legals: v.array(v.picklist(legalValues)),
});

/** The form's values as typed. */
export type NewsletterFormValues = v.InferOutput<typeof newsletterFormValuesSchema>;

/** A field of the form that can carry an error. */
export type NewsletterField = 'newsletterEmail' | 'salutation' | 'firstName' | 'lastName' | 'legals';

/** Fields in the order they appear, so the first invalid one can be focused. */
export const fieldOrder: readonly NewsletterField[] = [
  'newsletterEmail',
  'salutation',
  'firstName',
  'lastName',
  'legals',
];

/** Empty form values: `[]` for a list, `''` for any other value. */
export function emptyFormValues(): NewsletterFormValues {
  const entries = Object.entries(newsletterFormValuesSchema.entries);
  const empty: Record<string, unknown> = Object.fromEntries(
    entries.map(([name, schema]) => [name, schema.type === 'array' ? [] : '']),
  );
  return empty as NewsletterFormValues;
}

function requiredName(message: string) {
  return v.pipe(nameSchema, v.nonEmpty(message));
}

/**
 * Salutation, first and last name with the country's mandatory rules, or nothing for a country that does not show
 * them (docs/newsletter.md#rules-per-shop). The sign-up and the preferences page check them alike.
 */
export function personalFieldEntries(rules: NewsletterRules): v.ObjectEntries {
  if (!rules.showsPersonalFields) return {};
  return {
    salutation: rules.requiresSalutation
      ? v.picklist(salutations, 'newsletter.error.salutationRequired')
      : newsletterFormValuesSchema.entries.salutation,
    firstName: rules.requiresNames ? requiredName('newsletter.error.firstNameRequired') : nameSchema,
    lastName: rules.requiresNames ? requiredName('newsletter.error.lastNameRequired') : nameSchema,
  };
}

/** The consents list as the form holds it. */
export const consentsEntry = newsletterFormValuesSchema.entries.consents;

/**
 * The form's own entries of the declared fields no shop rule gates (consents, and any new optional field), among
 * `names`: a new field in the declaration and the form's values is checked and sent without being listed again here
 * (docs/newsletter.md#stored-fields). The address is the form's `newsletterEmail` (its `email` is the honeypot) and
 * has its own entry.
 */
export function ungatedFieldEntries(names: readonly string[] = subscriberFieldNames): v.ObjectEntries {
  const formEntries: v.ObjectEntries = newsletterFormValuesSchema.entries;
  return Object.fromEntries(
    (subscriberFieldList as readonly (SubscriberFieldDeclaration & { name: string })[])
      .filter((field) => names.includes(field.name) && field.name !== 'email' && field.askedWhen === undefined)
      .flatMap((field) => (Object.hasOwn(formEntries, field.name) ? [[field.name, formEntries[field.name]!]] : [])),
  );
}

/**
 * The form's validation for one country (docs/newsletter.md#validation): which fields count and which are mandatory.
 * Fields a country does not show are left out, so whatever they hold is neither checked nor sent.
 */
function newsletterFormSchema(rules: NewsletterRules) {
  return v.object({
    ...ungatedFieldEntries(),
    newsletterEmail: emailSchema,
    legals: rules.requiresCommercialConsent
      ? v.pipe(
          newsletterFormValuesSchema.entries.legals,
          v.includes('NEWSLETTER', 'newsletter.error.commercialConsentRequired'),
        )
      : newsletterFormValuesSchema.entries.legals,
    ...personalFieldEntries(rules),
  });
}

/** Field errors as catalogue keys, one per field: the first rule it breaks. */
export type NewsletterFieldErrors = Partial<Record<NewsletterField, string>>;

/** The first message of each field, in form order, from a failed check (catalogue keys). */
export function firstErrorPerField(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): NewsletterFieldErrors {
  const nested = (v.flatten(issues).nested ?? {}) as Record<string, [string, ...string[]] | undefined>;
  const errors: NewsletterFieldErrors = {};
  for (const field of fieldOrder) {
    const message = nested[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}

/** Checks the form for one country: the create request to send, or the errors to show. */
export function validateNewsletterForm(
  rules: NewsletterRules,
  values: NewsletterFormValues,
  origin: { origin?: string; originAddition?: string } = {},
): { success: true; request: SubscriberCreateRequest } | { success: false; errors: NewsletterFieldErrors } {
  const result = v.safeParse(newsletterFormSchema(rules), values);
  if (!result.success) return { success: false, errors: firstErrorPerField(result.issues) };
  // Salutation, names and legals are sent only when non-empty (docs/newsletter.md#submission); the service checks the
  // same schema again.
  const request = v.parse(subscriberCreateRequestSchema, {
    ...requestValuesOf(result.output, subscriberFieldNames),
    email: result.output.newsletterEmail,
    origin: origin.origin,
    originAddition: origin.originAddition,
  });
  return { success: true, request };
}

/** One field checked on its own (on blur): its error key, or undefined. */
export function validateNewsletterField(
  rules: NewsletterRules,
  values: NewsletterFormValues,
  field: NewsletterField,
): string | undefined {
  const result = validateNewsletterForm(rules, values);
  return result.success ? undefined : result.errors[field];
}

/**
 * Salutation, names, legal notice and consents appear once the address has a value, a name or salutation
 * the country shows has one, or the address field had focus (docs/newsletter.md#states).
 */
export function showsExtraFields(
  rules: NewsletterRules,
  values: NewsletterFormValues,
  emailWasFocused: boolean,
): boolean {
  if (emailWasFocused || values.newsletterEmail !== '') return true;
  return rules.showsPersonalFields && (values.salutation !== '' || values.firstName !== '' || values.lastName !== '');
}
