import { useEffect, useRef } from 'react';
import { Button } from '../../ui/Button/Button.tsx';
import { Notification } from '../../ui/Notification/Notification.tsx';
import { formFieldNames, type PreferencesIntent } from '../../shared/newsletter/formAnswers.ts';
import { EmailText } from './EmailText.tsx';
import type { PreferencesStrings } from './preferencesStrings.ts';
import type { Erasure } from './useErasure.ts';

/** What the confirmation step shows: the page's strings, the erasure's state and the address. */
export interface EraseConfirmationProps {
  strings: PreferencesStrings;
  erasure: Erasure;
  /** The subscribed address, named in the question. */
  email: string;
}

/** What the two forms' posts ask the server to do (docs/newsletter.md#plain-form): erase, or show the settings again. */
const confirmedIntent: PreferencesIntent = 'eraseConfirmed';
const keepIntent: PreferencesIntent = 'keepData';

/**
 * The step before an erasure (docs/newsletter.md#subscriber-rights): what goes, that it cannot be undone, a button
 * that erases and one that leads back to the settings. The question takes focus, so keyboard and screen-reader users
 * land on it. Both are plain forms that post to this very URL, token included, so they work without JavaScript.
 */
export function EraseConfirmation({ strings, erasure, email }: EraseConfirmationProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="newsletter-preferences__erase" aria-labelledby="newsletter-erase-heading">
      <h2 id="newsletter-erase-heading" ref={heading} tabIndex={-1}>
        {strings['newsletter.preferences.eraseConfirmHeading']}
      </h2>
      <p>
        <EmailText text={strings['newsletter.preferences.eraseConfirmText']} email={email} />
      </p>
      {erasure.failed && (
        <Notification variant="error" showCloseIcon={false} labelText={strings['newsletter.preferences.eraseFailed']} />
      )}
      <form
        method="post"
        className="newsletter-preferences__data-actions"
        onSubmit={(event) => void erasure.confirm(event)}
      >
        <input type="hidden" name={formFieldNames.intent} value={confirmedIntent} />
        <Button
          type="submit"
          widthBehaviour="full-mobile"
          state={erasure.step === 'erasing' ? 'loading' : 'none'}
          strings={{ 'ui.loading': strings['newsletter.preferences.erasing'] }}
        >
          {strings['newsletter.preferences.eraseConfirm']}
        </Button>
      </form>
      <form method="post" onSubmit={erasure.cancel}>
        <input type="hidden" name={formFieldNames.intent} value={keepIntent} />
        <Button type="submit" variant="primary-outline" widthBehaviour="full-mobile">
          {strings['newsletter.preferences.eraseCancel']}
        </Button>
      </form>
    </section>
  );
}
