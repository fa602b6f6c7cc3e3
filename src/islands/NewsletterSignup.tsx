import { useStore } from '@nanostores/react';
import type { NewsletterRules } from '../shared/newsletter/formSchema.ts';
import type { SignUpAnswer, SignUpPlacement } from '../shared/newsletter/formAnswers.ts';
import { $botSubmitted, $submissionResult, $submittedEmail } from '../lib/newsletter/signUpStore.ts';
import { useAdoptLiveValues } from '../lib/hydration/useAdoptLiveValues.ts';
import { useHydrated } from '../lib/hydration/useHydrated.ts';
import type { SignUpLink } from './newsletter/LegalNotice.tsx';
import { SignUpForm } from './newsletter/SignUpForm.tsx';
import type { SignUpStrings } from './newsletter/signUpStrings.ts';
import { SuccessMessage } from './newsletter/SuccessMessage.tsx';
import { useSignUpForm } from './newsletter/useSignUpForm.ts';
import './newsletter/newsletter.css';

export interface NewsletterSignupProps {
  /** Translated strings (`signUpStringKeys`), resolved at build time. */
  strings: SignUpStrings;
  /** The shop's sign-up rules from the country table. */
  rules: NewsletterRules;
  /** Links under the form, translated. */
  links: readonly SignUpLink[];
  /** The voucher conditions page. */
  voucherConditions: SignUpLink;
  /** Welcome voucher or discount in percent. */
  percent: number;
  /** Id of the heading that names the section. */
  headingId: string;
  /** Sent as `origin`; default `onsite`. */
  origin?: string;
  /** Sent as `originAddition`; default `subsite`. */
  originAddition?: string;
  /** Only single-page-app pages use the `private` base path. */
  singlePageApp?: boolean;
  /** Show the invalid double opt-in link banner (the confirmation page sets it after a failed confirmation). */
  doiLinkInvalid?: boolean;
  /** An address the form starts with (the preferences page, after unsubscribing). */
  initialEmail?: string;
  /** Where the form posts without JavaScript: the shop's plain sign-up endpoint (docs/newsletter.md#plain-form). */
  formAction: string;
  /** The path of the page the form stands on, posted so that an answer shows this page again. */
  page: string;
  /** The section the form stands in, posted likewise. Default `page`. */
  placement?: SignUpPlacement;
  /** The server's answer to this form's plain post, when the page was rendered with one: values and errors, or success. */
  answer?: SignUpAnswer;
}

/**
 * The newsletter sign-up island: the form, or the success message once somebody signed up (docs/newsletter.md#states).
 */
export default function NewsletterSignup({
  strings,
  rules,
  links,
  voucherConditions,
  percent,
  headingId,
  origin = 'onsite',
  originAddition = 'subsite',
  singlePageApp = false,
  doiLinkInvalid = false,
  initialEmail,
  formAction,
  page,
  placement = 'page',
  answer,
}: NewsletterSignupProps) {
  const result = useStore($submissionResult);
  const bot = useStore($botSubmitted);
  const email = useStore($submittedEmail);
  const form = useSignUpForm({ rules, singlePageApp, origin, originAddition, initialEmail, answer });
  // The server always sends the form; shared success state applies once hydrated (see useHydrated).
  const mounted = useHydrated();
  // The form (named by the section heading) may have been typed into before it hydrated on interaction.
  useAdoptLiveValues(() => document.querySelector(`form[aria-labelledby="${CSS.escape(headingId)}"]`));

  // The server's answer to a plain post shows the success from the first render on, on the server too.
  if (answer?.outcome === 'signedUp')
    return <SuccessMessage strings={strings} email={answer.email} takesFocus={false} />;
  if (mounted && (result === 'SUCCESS' || bot)) return <SuccessMessage strings={strings} email={email} takesFocus />;
  return (
    <SignUpForm
      strings={strings}
      rules={rules}
      form={form}
      links={links}
      voucherConditions={voucherConditions}
      percent={percent}
      doiLinkInvalid={doiLinkInvalid}
      headingId={headingId}
      post={{ action: formAction, page, placement }}
    />
  );
}
