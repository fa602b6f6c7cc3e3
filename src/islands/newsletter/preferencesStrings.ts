import type { UiStringKey } from '../../shared/i18n.ts';
import type { UiStrings } from '../../ui/strings.ts';

/**
 * Catalogue keys the preferences island shows on top of the sign-up's (whose field labels, salutations, DNE consent
 * and messages it reuses); the page resolves them with `pickStrings` at build time.
 */
export const preferencesStringKeys = [
  'newsletter.preferences.loading',
  'newsletter.preferences.loadFailed',
  'newsletter.preferences.retry',
  'newsletter.preferences.linkInvalidHeading',
  'newsletter.preferences.linkInvalidText',
  'newsletter.confirm.shopLink',
  'newsletter.preferences.subscribedAs',
  'newsletter.preferences.save',
  'newsletter.preferences.saving',
  'newsletter.preferences.saved',
  'newsletter.preferences.saveFailed',
  'newsletter.preferences.unsubscribeHeading',
  'newsletter.preferences.unsubscribeText',
  'newsletter.preferences.unsubscribe',
  'newsletter.preferences.unsubscribing',
  'newsletter.preferences.unsubscribeFailed',
  'newsletter.preferences.unsubscribedHeading',
  'newsletter.preferences.unsubscribedText',
  'newsletter.preferences.signUpAgainHeading',
  'newsletter.preferences.signUpAgainText',
  'newsletter.preferences.dataHeading',
  'newsletter.preferences.dataText',
  'newsletter.preferences.export',
  'newsletter.preferences.erase',
  'newsletter.preferences.eraseConfirmHeading',
  'newsletter.preferences.eraseConfirmText',
  'newsletter.preferences.eraseConfirm',
  'newsletter.preferences.eraseCancel',
  'newsletter.preferences.erasing',
  'newsletter.preferences.eraseFailed',
  'newsletter.preferences.erasedHeading',
  'newsletter.preferences.erasedText',
] as const satisfies readonly UiStringKey[];

/** The preferences island's own strings, already translated. */
export type PreferencesStrings = UiStrings<(typeof preferencesStringKeys)[number]>;
