import * as v from 'valibot';
import { subscriptionStatuses } from './subscriptionStatus.ts';

/**
 * Rules of the newsletter sign-up shared by the island and the newsletter service (docs/newsletter.md#validation).
 * Messages are catalogue keys, resolved in the shop's language by whoever shows them.
 */

/** Longest accepted e-mail address (docs/constants.md#limits). */
export const EMAIL_MAX_LENGTH = 256;
/**
 * How many characters the e-mail input takes: more than `EMAIL_MAX_LENGTH`, so that a too long address gets a
 * message instead of being cut silently (docs/newsletter.md#validation).
 */
export const EMAIL_INPUT_MAX_LENGTH = 300;
/** Longest accepted first or last name (docs/constants.md#limits). */
export const NAME_MAX_LENGTH = 40;
/** Longest accepted `origin` and `originAddition` of a sign-up (docs/constants.md#limits). */
export const ORIGIN_MAX_LENGTH = 64;

/** Salutation values; the form lists them in this order (docs/newsletter.md#fields). */
export const salutations = ['MRS', 'MR', 'DIVERS', 'COMPANY'] as const;
/** Consent values: DNE is personalised offers and profiling. */
export const consentValues = ['DNE'] as const;
/** Legal checkbox values: NEWSLETTER is Turkey's commercial electronic message consent. */
export const legalValues = ['NEWSLETTER'] as const;

// Letters of every language, combining marks, digits, spaces (U+0020, no-break and other space separators, never tabs,
// line breaks or format characters such as U+FEFF or U+200B) and + & ' ` ´ , ( ) / . - (docs/newsletter.md#validation).
// The Hangul fillers count as letters in Unicode but show nothing, so they are left out.
const NAME_CHARACTERS = /^(?:(?![\u115F\u1160\u3164\uFFA0])[\p{L}\p{M}\p{N}\p{Zs}+&'`´,()/.-])*$/u;
// A combining mark belongs on a letter: one at the start or after a digit, space or punctuation is refused.
const STRAY_MARK = /(?:^|[^\p{L}\p{M}])\p{M}/u;
// Something that reads as a link: a scheme, "www." or a host name with a common top-level domain.
const URL_LIKE =
  /:\/\/|(^|[^\p{L}])www\.|[\p{L}\p{N}-]\.(com|net|org|info|biz|io|co|ly|me|app|link|site|online|shop|top|eu|ru|xyz|uk|us|fr|it|nl|de|at|ch|cz|hu|sk|tr|pl)(?![\p{L}\p{N}])/iu;
// `origin` and `originAddition`: ASCII letters, digits, space and _ . : / # + - only; no controls, no markup.
const ORIGIN_CHARACTERS = /^[\w .:/#+-]*$/;

// An address as RFC 5322 (dot-atom local part) and RFC 1035 (host names) allow it, with a top-level domain of letters.
// Valibot's own `email()` is stricter than the standard (it refuses e.g. `o'neil@` or `a--b.de`), and refusing a
// real address loses a subscriber.
const EMAIL_PATTERN =
  /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*@(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+[a-z]{2,63}$/i;

/** E-mail address: required, at most `EMAIL_MAX_LENGTH` characters, a plausible address. */
export const emailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('newsletter.error.emailRequired'),
  v.maxLength(EMAIL_MAX_LENGTH, 'newsletter.error.emailInvalid'),
  v.regex(EMAIL_PATTERN, 'newsletter.error.emailInvalid'),
);

/**
 * First or last name: at most `NAME_MAX_LENGTH` characters of letters, digits, spaces and a few punctuation marks,
 * with at least one letter once trimmed (empty is left to the "required" rule); never a link.
 */
export const nameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(NAME_MAX_LENGTH, 'newsletter.error.nameTooLong'),
  v.regex(NAME_CHARACTERS, 'newsletter.error.invalidCharacters'),
  v.check((value) => value === '' || /\p{L}/u.test(value), 'newsletter.error.invalidCharacters'),
  v.check((value) => !STRAY_MARK.test(value), 'newsletter.error.invalidCharacters'),
  v.check((value) => !URL_LIKE.test(value), 'newsletter.error.invalidCharacters'),
);

/** `origin` or `originAddition`: at most `ORIGIN_MAX_LENGTH` ASCII letters, digits, spaces and `_ . : / # + -`. */
function originSchema(fallback: string) {
  return v.optional(
    v.pipe(
      v.string(),
      v.maxLength(ORIGIN_MAX_LENGTH, 'newsletter.error.invalidCharacters'),
      v.regex(ORIGIN_CHARACTERS, 'newsletter.error.invalidCharacters'),
    ),
    fallback,
  );
}

/**
 * Body of `POST /newsletter-subscribers` (docs/calls.md#create-subscriber). Strict: an unknown field is refused rather than
 * silently dropped, so a caller learns at once that something it sends is not stored.
 */
export const subscriberCreateRequestSchema = v.strictObject({
  /** The address to subscribe (the form's newsletterEmail). */
  email: emailSchema,
  /** Omitted when empty. */
  salutation: v.optional(v.picklist(salutations)),
  /** Omitted when empty. */
  firstName: v.optional(nameSchema),
  /** Omitted when empty. */
  lastName: v.optional(nameSchema),
  /** Consents given, e.g. `["DNE"]`. */
  consents: v.pipe(v.array(v.picklist(consentValues)), v.maxLength(consentValues.length)),
  /**
   * Legal checkboxes ticked, e.g. `["NEWSLETTER"]` (Turkey's commercial message consent); omitted when none, so other
   * shops send exactly the documented body. The service checks and keeps them.
   */
  legals: v.optional(v.pipe(v.array(v.picklist(legalValues)), v.maxLength(legalValues.length))),
  /** Where the sign-up happened; `onsite` by default. */
  origin: originSchema('onsite'),
  /** Finer origin; `subsite` by default. */
  originAddition: originSchema('subsite'),
});

/** A valid subscriber create request. */
export type SubscriberCreateRequest = v.InferOutput<typeof subscriberCreateRequestSchema>;

/** Problem type the service answers for an address it refuses (docs/errors.md#sign-up-outcomes). */
export const EMAIL_INVALID_PROBLEM = 'urn:newsletter:email_invalid';
/** Problem type of a refused request, with `errors` per field (docs/calls.md#newsletter-service). */
export const INVALID_REQUEST_PROBLEM = 'urn:newsletter:invalid_request';

/** Body of `PUT /newsletter-subscribers/{token}`: what a subscriber may change after signing up. Strict, as above. */
export const subscriberUpdateRequestSchema = v.strictObject({
  /** Omitted when empty. */
  salutation: v.optional(v.picklist(salutations)),
  /** Omitted when empty. */
  firstName: v.optional(nameSchema),
  /** Omitted when empty. */
  lastName: v.optional(nameSchema),
  /** Consents given, e.g. `["DNE"]`. */
  consents: subscriberCreateRequestSchema.entries.consents,
});

/** A valid update request (docs/calls.md#update-subscriber). */
export type SubscriberUpdateRequest = v.InferOutput<typeof subscriberUpdateRequestSchema>;

/**
 * Answer of `PUT /newsletter-subscribers/{token}/doi`: the preferences token that reads, changes and ends the
 * subscription from now on (docs/calls.md#confirm-subscription).
 */
export const confirmationSchema = v.object({ preferencesToken: v.pipe(v.string(), v.nonEmpty()) });

/** Answer of `GET /newsletter-subscribers/{token}`. */
export const subscriberSchema = v.object({
  email: v.string(),
  salutation: v.nullable(v.picklist(salutations)),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  consents: v.array(v.picklist(consentValues)),
  status: v.picklist(subscriptionStatuses),
});

/** A stored subscriber as the service shows it. */
export type Subscriber = v.InferOutput<typeof subscriberSchema>;

/**
 * Answer of `GET /customers/base-data`: what the shop knows about the logged-in customer, used to prefill the form.
 * Lenient on purpose: unknown or empty fields are dropped rather than failing the whole prefill.
 */
export const customerBaseDataSchema = v.object({
  email: v.optional(v.fallback(v.string(), ''), ''),
  salutation: v.optional(v.fallback(v.picklist(['', ...salutations]), ''), ''),
  firstName: v.optional(v.fallback(v.string(), ''), ''),
  lastName: v.optional(v.fallback(v.string(), ''), ''),
  consents: v.optional(v.fallback(v.array(v.picklist(consentValues)), []), []),
});

/** Customer base data, normalised: missing strings are empty. */
export type CustomerBaseData = v.InferOutput<typeof customerBaseDataSchema>;

/** Answer of psdata (`GET /service/customerfrontenddata/api/v1/psdata`). */
export const customerFrontendDataSchema = v.object({
  /** The logged-in customer's subscription, or null when they have none. */
  nl_status: v.nullable(v.picklist(subscriptionStatuses)),
});
export type CustomerFrontendData = v.InferOutput<typeof customerFrontendDataSchema>;
