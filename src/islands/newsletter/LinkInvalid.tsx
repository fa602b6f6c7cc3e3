import { Notification } from '../../ui/Notification/Notification.tsx';
import type { PreferencesStrings } from './preferencesStrings.ts';

export interface LinkInvalidProps {
  strings: Pick<
    PreferencesStrings,
    | 'newsletter.preferences.linkInvalidHeading'
    | 'newsletter.preferences.linkInvalidText'
    | 'newsletter.confirm.shopLink'
  >;
  /** The shop's segment: the link back leads to its home page. */
  segment: string;
}

/**
 * What a preferences link that opens nothing (any more) shows (docs/newsletter.md#the-preferences-page): that it is no
 * longer valid, why (it lives as long as the subscription; an unsubscribe, the end of a subscription or an erasure
 * ends it) and which link to use after signing up again, and a way back to the shop. Announced (`role="alert"`); no
 * sign-up form, which would read as "please sign up again" to somebody who may have just left.
 */
export function LinkInvalid({ strings, segment }: LinkInvalidProps) {
  return (
    <div className="newsletter-preferences">
      <Notification
        variant="warning"
        showCloseIcon={false}
        labelText={strings['newsletter.preferences.linkInvalidHeading']}
      >
        <p>{strings['newsletter.preferences.linkInvalidText']}</p>
        <p>
          <a href={`/${segment}/`}>{strings['newsletter.confirm.shopLink']}</a>
        </p>
      </Notification>
    </div>
  );
}
