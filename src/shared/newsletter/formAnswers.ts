import * as v from 'valibot';
import type { Shop } from '../countries.ts';
import { newsletterFormValuesSchema, type NewsletterFormValues } from './formSchema.ts';
import { changeableFieldNames, type ChangeableFieldName } from './subscriberFields.ts';

/**
 * The plain-HTML side of the newsletter (docs/newsletter.md#three-paths): what its forms post and what the server hands
 * the on-demand renderer to show for an answer. The server imports it to read posts, the pages to render answers.
 */

/** Where a sign-up form stands on its page: the page's own section, or the footer's. */
export const signUpPlacements = ['page', 'footer'] as const;
export type SignUpPlacement = (typeof signUpPlacements)[number];

/** The id of a sign-up section on its page (src/components/NewsletterSection.astro), to scroll an answer into view. */
export function signUpSectionId(placement: SignUpPlacement): string {
  return placement === 'page' ? 'newsletter' : 'newsletter-footer';
}

/**
 * Names of the controls the forms post beside the values' own names (`newsletterEmail`, `salutation`, `firstName`,
 * `lastName`, `consents`, `legals`). The honeypot posts as `website`, a word autofill leaves alone
 * (docs/newsletter.md#honeypot).
 */
export const formFieldNames = {
  honeypot: 'website',
  /** The path of the page the sign-up form stands on, to show that page again with the answer. */
  page: 'page',
  placement: 'placement',
  /** The preferences page's forms: one of `preferencesIntents`, from the form that was sent. */
  intent: 'intent',
} as const;

/**
 * The preferences page's forms: save, unsubscribe, download the data, ask to erase it, and confirm the erasure or go
 * back to the settings (docs/newsletter.md#subscriber-rights).
 */
export const preferencesIntents = ['save', 'unsubscribe', 'export', 'erase', 'eraseConfirmed', 'keepData'] as const;
export type PreferencesIntent = (typeof preferencesIntents)[number];

/**
 * The pages of a shop whose sign-up answers can be shown again in place, below `/{segment}/`: the home page (its own
 * section) and the service page (the footer's). Any other page's form is answered on the home page.
 */
const pagesWithSignUp = ['', 'service/'] as const;

/** The page to answer a sign-up on: the posted one if it is a page with a sign-up of this shop, else the home page. */
export function signUpAnswerPage(shop: Pick<Shop, 'segment'>, posted: string | undefined): string {
  const pages = pagesWithSignUp.map((page) => `/${shop.segment}/${page}`);
  return posted !== undefined && pages.includes(posted) ? posted : pages[0]!;
}

/** A single text value of a post, or undefined when it is missing, repeated or not text. */
function single(form: URLSearchParams, name: string): string | undefined {
  const all = form.getAll(name);
  return all.length <= 1 ? (all[0] ?? '') : undefined;
}

/**
 * The sign-up form's values from a post, checked against the form's schema (known salutations, consents and legals),
 * or undefined when the post is not what the form sends (a value repeated, an unknown choice).
 */
export function signUpValuesOfPost(form: URLSearchParams): NewsletterFormValues | undefined {
  // Each value under its own name (lists as all their entries), the honeypot under its own.
  const entries = Object.entries(newsletterFormValuesSchema.entries);
  const posted = Object.fromEntries(
    entries.map(([name, schema]) => [name, schema.type === 'array' ? form.getAll(name) : single(form, name)]),
  );
  const result = v.safeParse(newsletterFormValuesSchema, { ...posted, email: single(form, formFieldNames.honeypot) });
  return result.success ? result.output : undefined;
}

/** Field errors as catalogue keys, per field name. */
const fieldErrorsSchema = v.record(v.string(), v.string());

/** What the server shows in place of a plain sign-up form it answered (docs/newsletter.md#plain-form). */
export const signUpAnswerSchema = v.variant('outcome', [
  /** Refused by the checks: the values kept, a message per field. Nothing stored, nothing sent. */
  v.object({
    outcome: v.literal('invalid'),
    placement: v.picklist(signUpPlacements),
    values: newsletterFormValuesSchema,
    errors: fieldErrorsSchema,
  }),
  /** The service could not take it (throttled, a fault): the generic banner, the values kept. */
  v.object({
    outcome: v.literal('failed'),
    placement: v.picklist(signUpPlacements),
    values: newsletterFormValuesSchema,
  }),
  /** Taken: the success message naming the address. */
  v.object({ outcome: v.literal('signedUp'), placement: v.picklist(signUpPlacements), email: v.string() }),
]);
export type SignUpAnswer = v.InferOutput<typeof signUpAnswerSchema>;

/** What the confirmation page shows after its plain form was posted. */
export const confirmAnswerSchema = v.variant('outcome', [
  v.object({ outcome: v.literal('confirmed'), preferencesToken: v.string() }),
  /** Unknown, spent or expired link. */
  v.object({ outcome: v.literal('invalid') }),
]);
export type ConfirmAnswer = v.InferOutput<typeof confirmAnswerSchema>;

/** The preferences among the form's values: the fields a subscriber can change (src/shared/newsletter/subscriberFields.ts). */
const preferencesValuesSchema = v.pick(
  newsletterFormValuesSchema,
  changeableFieldNames as [ChangeableFieldName, ...ChangeableFieldName[]],
);

/** What the preferences page shows when the server rendered it (docs/newsletter.md#the-preferences-page). */
export const preferencesAnswerSchema = v.variant('outcome', [
  v.object({
    outcome: v.literal('ready'),
    email: v.string(),
    /** What is stored. */
    stored: preferencesValuesSchema,
    /** What the form shows: the stored values, or the posted ones after a refused save. */
    values: preferencesValuesSchema,
    errors: fieldErrorsSchema,
    notice: v.optional(v.picklist(['saved', 'saveFailed', 'unsubscribeFailed', 'eraseFailed'])),
    /** The erase button was pressed: the page asks to confirm the erasure (docs/newsletter.md#subscriber-rights). */
    step: v.optional(v.literal('confirmErase')),
  }),
  v.object({ outcome: v.literal('unsubscribed'), email: v.string() }),
  /** Everything stored about the subscription was erased. */
  v.object({ outcome: v.literal('erased') }),
  v.object({ outcome: v.literal('invalid') }),
  v.object({ outcome: v.literal('loadFailed') }),
]);
export type PreferencesAnswer = v.InferOutput<typeof preferencesAnswerSchema>;

/** The `locals` the server hands the on-demand renderer with a form's answer. */
export const formAnswerLocalsSchema = v.object({
  signUpAnswer: v.optional(signUpAnswerSchema),
  confirmAnswer: v.optional(confirmAnswerSchema),
  preferencesAnswer: v.optional(preferencesAnswerSchema),
});
export type FormAnswerLocals = v.InferOutput<typeof formAnswerLocalsSchema>;

/** Whether an answer shows field errors: its page's title then starts with the localised "Error: " (GOV.UK). */
export function answerHasErrors(locals: FormAnswerLocals): boolean {
  return (
    locals.signUpAnswer?.outcome === 'invalid' ||
    (locals.preferencesAnswer?.outcome === 'ready' && Object.keys(locals.preferencesAnswer.errors).length > 0)
  );
}
