import { Button } from '../../ui/Button/Button.tsx';
import { formFieldNames, type PreferencesIntent } from '../../shared/newsletter/formAnswers.ts';
import type { PreferencesStrings } from './preferencesStrings.ts';
import type { Erasure } from './useErasure.ts';

/** What the data section shows: the page's strings and the erasure's state. */
export interface DataRightsSectionProps {
  strings: PreferencesStrings;
  erasure: Erasure;
}

/** What the two forms' posts ask the server to do (docs/newsletter.md#plain-form). */
const exportIntent: PreferencesIntent = 'export';
const eraseIntent: PreferencesIntent = 'erase';

/**
 * The subscriber's data (docs/newsletter.md#subscriber-rights): download everything stored, as a JSON file, and erase
 * it, after a confirmation. Both are plain forms that post to this very URL, token included, and work without
 * JavaScript; the download is the server's answer to its post, so the page stays as it is.
 */
export function DataRightsSection({ strings, erasure }: DataRightsSectionProps) {
  return (
    <section className="newsletter-preferences__data" aria-labelledby="newsletter-data-heading">
      <h2 id="newsletter-data-heading">{strings['newsletter.preferences.dataHeading']}</h2>
      <p>{strings['newsletter.preferences.dataText']}</p>
      <div className="newsletter-preferences__data-actions">
        <form method="post">
          <input type="hidden" name={formFieldNames.intent} value={exportIntent} />
          <Button type="submit" variant="primary-outline" widthBehaviour="full-mobile">
            {strings['newsletter.preferences.export']}
          </Button>
        </form>
        <form method="post" onSubmit={erasure.ask}>
          <input type="hidden" name={formFieldNames.intent} value={eraseIntent} />
          <Button type="submit" variant="primary-outline" widthBehaviour="full-mobile">
            {strings['newsletter.preferences.erase']}
          </Button>
        </form>
      </div>
    </section>
  );
}
