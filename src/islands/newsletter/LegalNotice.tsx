import { ExpansionPanel } from '../../ui/ExpansionPanel/ExpansionPanel.tsx';
import { fill, type SignUpStrings } from './signUpStrings.ts';

/** A link under the form, with its text already translated. */
export interface SignUpLink {
  href: string;
  text: string;
}

export interface LegalNoticeProps {
  strings: SignUpStrings;
  /** Minimum age the shop's legal text names (spec §6). */
  age: number;
}

/** The consent wording, collapsed to 60 px with a more/less toggle (spec §4, §9). */
export function LegalNotice({ strings, age }: LegalNoticeProps) {
  return (
    <ExpansionPanel
      className="newsletter-legal"
      collapsedHeight={60}
      strings={{ 'ui.showMore': strings['newsletter.legal.more'], 'ui.showLess': strings['newsletter.legal.less'] }}
    >
      <p>{fill(strings['newsletter.legal.notice'], { age })}</p>
    </ExpansionPanel>
  );
}
