import type { UiStringKey } from '../../shared/i18n.ts';
import { consentTextKeys } from '../../shared/newsletter/consentTextKeys.ts';

/** Catalogue keys the sign-up island shows; the Astro section resolves them with `pickStrings` at build time. */
export const signUpStringKeys = [
  'newsletter.heading',
  'newsletter.intro',
  'newsletter.mandatoryNote',
  'newsletter.field.email',
  'newsletter.field.salutation',
  'newsletter.field.salutationChoose',
  'newsletter.salutation.MRS',
  'newsletter.salutation.MR',
  'newsletter.salutation.DIVERS',
  'newsletter.salutation.COMPANY',
  'newsletter.field.firstName',
  'newsletter.field.lastName',
  'newsletter.field.honeypot',
  'newsletter.submit',
  'newsletter.submitting',
  // The legal notice, both consents and the privacy hint: `signUpProps` fills in the shop's age and trade name.
  ...consentTextKeys,
  'newsletter.legal.more',
  'newsletter.legal.less',
  'newsletter.links.label',
  'newsletter.voucherFootnote',
  'newsletter.success.heading',
  'newsletter.success.text',
  'newsletter.error.generic',
  'newsletter.errorSummary.title',
  'newsletter.error.doiInvalid',
  'newsletter.error.emailRequired',
  'newsletter.error.emailInvalid',
  'newsletter.error.nameTooLong',
  'newsletter.error.invalidCharacters',
  'newsletter.error.salutationRequired',
  'newsletter.error.firstNameRequired',
  'newsletter.error.lastNameRequired',
  'newsletter.error.commercialConsentRequired',
] as const satisfies readonly UiStringKey[];

/** The sign-up island's strings, already translated. */
export type SignUpStrings = Readonly<Record<(typeof signUpStringKeys)[number], string>>;

/** A message key from the shared schemas, shown in the shop's language (unknown keys fall back to the generic one). */
export function messageOf(strings: SignUpStrings, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return (strings as Record<string, string>)[key] ?? strings['newsletter.error.invalidCharacters'];
}
