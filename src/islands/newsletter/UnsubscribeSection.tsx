import { Button } from '../../ui/Button/Button.tsx';
import { Notification } from '../../ui/Notification/Notification.tsx';
import { formFieldNames, type PreferencesIntent } from '../../shared/newsletter/formAnswers.ts';
import type { PreferencesStrings } from './preferencesStrings.ts';
import type { usePreferences } from './usePreferences.ts';

export interface UnsubscribeSectionProps {
  strings: PreferencesStrings;
  preferences: ReturnType<typeof usePreferences>;
}

/** What this form's post asks the server to do (docs/newsletter.md#plain-form). */
const unsubscribeIntent: PreferencesIntent = 'unsubscribe';
/**
 * Unsubscribing: what it means, and one button that does it, without a further question: withdrawing consent takes
 * no more than giving it did (docs/newsletter.md#the-preferences-page).
 */
export function UnsubscribeSection({ strings, preferences }: UnsubscribeSectionProps) {
  return (
    <section className="newsletter-preferences__unsubscribe" aria-labelledby="newsletter-unsubscribe-heading">
      <h2 id="newsletter-unsubscribe-heading">{strings['newsletter.preferences.unsubscribeHeading']}</h2>
      <p>{strings['newsletter.preferences.unsubscribeText']}</p>
      {preferences.unsubscribeFailed && (
        <Notification
          variant="error"
          showCloseIcon={false}
          labelText={strings['newsletter.preferences.unsubscribeFailed']}
        />
      )}
      {/* No action: without JavaScript the form posts to this very URL, token included (docs/newsletter.md#plain-form). */}
      <form
        method="post"
        className="newsletter-preferences__unsubscribe-form"
        onSubmit={(event) => {
          event.preventDefault();
          void preferences.leave();
        }}
      >
        <input type="hidden" name={formFieldNames.intent} value={unsubscribeIntent} />
        <Button
          type="submit"
          variant="primary-outline"
          widthBehaviour="full-mobile"
          state={preferences.unsubscribing ? 'loading' : 'none'}
          strings={{ 'ui.loading': strings['newsletter.preferences.unsubscribing'] }}
        >
          {strings['newsletter.preferences.unsubscribe']}
        </Button>
      </form>
    </section>
  );
}
