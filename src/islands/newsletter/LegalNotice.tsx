import { ExpansionPanel } from '../../ui/ExpansionPanel/ExpansionPanel.tsx';
import { expansionCollapsedHeights } from '../../ui/ExpansionPanel/collapsedHeights.ts';
import type { SignUpStrings } from './signUpStrings.ts';

/** A link under the form, with its text already translated. */
export interface SignUpLink {
  href: string;
  text: string;
}

export interface LegalNoticeProps {
  /** The sign-up strings; the legal notice already names the shop's minimum age (docs/newsletter.md#legal-texts-and-age). */
  strings: SignUpStrings;
}

/** The consent wording, collapsed to the legal notice's height with a more/less toggle (docs/newsletter.md#legal-texts-and-age). */
export function LegalNotice({ strings }: LegalNoticeProps) {
  return (
    <ExpansionPanel
      className="newsletter-legal"
      collapsedHeight={expansionCollapsedHeights.legalNotice}
      strings={{ 'ui.showMore': strings['newsletter.legal.more'], 'ui.showLess': strings['newsletter.legal.less'] }}
    >
      <p>{strings['newsletter.legal.notice']}</p>
    </ExpansionPanel>
  );
}
