import { ExpansionPanel } from '../../ui/ExpansionPanel/ExpansionPanel.tsx';
import type { SignUpStrings } from './signUpStrings.ts';
import { interpolate } from '../../ui/strings.ts';

/** A link under the form, with its text already translated. */
export interface SignUpLink {
  href: string;
  text: string;
}

export interface LegalNoticeProps {
  strings: SignUpStrings;
  /** Minimum age the shop's legal text names (docs/newsletter.md#legal-texts-and-age). */
  age: number;
}

/** The consent wording, collapsed to 60 px with a more/less toggle (docs/newsletter.md#legal-texts-and-age). */
export function LegalNotice({ strings, age }: LegalNoticeProps) {
  return (
    <ExpansionPanel
      className="newsletter-legal"
      collapsedHeight={60}
      strings={{ 'ui.showMore': strings['newsletter.legal.more'], 'ui.showLess': strings['newsletter.legal.less'] }}
    >
      <p>{interpolate(strings['newsletter.legal.notice'], { age })}</p>
    </ExpansionPanel>
  );
}
