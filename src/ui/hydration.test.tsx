// @vitest-environment happy-dom
import { describe, test } from 'vitest';
import { Banderole } from './Banderole/Banderole.tsx';
import { Button } from './Button/Button.tsx';
import { Checkbox } from './Checkbox/Checkbox.tsx';
import { ExpansionPanel } from './ExpansionPanel/ExpansionPanel.tsx';
import { Icon } from './Icon/Icon.tsx';
import { IconButton } from './IconButton/IconButton.tsx';
import { Label } from './Label/Label.tsx';
import { Notification } from './Notification/Notification.tsx';
import { Select } from './Select/Select.tsx';
import { Spinner } from './Spinner/Spinner.tsx';
import { TextInput } from './TextInput/TextInput.tsx';
import { TextLink } from './TextLink/TextLink.tsx';
import { expectHydratesCleanly } from './testing/expectHydratesCleanly.tsx';

const strings = {
  'ui.loading': 'Wird geladen …',
  'ui.notification.close': 'Hinweis schließen',
  'ui.clear': 'Eingabe löschen',
  'ui.password.show': 'Passwort anzeigen',
  'ui.password.hide': 'Passwort verbergen',
  'ui.showMore': 'Mehr anzeigen',
  'ui.showLess': 'Weniger anzeigen',
};

// An Astro island is server-rendered, then hydrated: every block must come out the same on both sides, with
// generated ids (useId) matching, so nothing jumps or re-renders when the island wakes up.
describe('every block hydrates its server HTML without a mismatch', () => {
  test.each([
    [
      'Button as anchor',
      <Button tag="a" href="/contact" appendIcon="arrow-right">
        Kontakt
      </Button>,
    ],
    ['Button disabled', <Button disabled>Senden</Button>],
    ['IconButton', <IconButton icon="search" label="Suchen" pressed={false} />],
    [
      'TextLink router',
      <TextLink as="router" href="/de/">
        Start
      </TextLink>,
    ],
    ['TextLink button', <TextLink as="button">Cookie-Einstellungen</TextLink>],
    ['Icon', <Icon name="heart" size={24} scale={2} label="Merkzettel" />],
    ['Spinner', <Spinner size="large" label="Lädt" />],
    [
      'Notification',
      <Notification variant="error" labelText="Fehler" strings={strings}>
        Bitte später erneut versuchen.
      </Notification>,
    ],
    [
      'TextInput with error and hint',
      <TextInput label="E-Mail" hint="Hinweis" error="Ungültig" defaultValue="a@" clearable strings={strings} />,
    ],
    [
      'two TextInputs with generated ids',
      <div>
        <TextInput label="Vorname" />
        <TextInput label="Nachname" />
      </div>,
    ],
    [
      'Select',
      <Select
        label="Anrede"
        options={[{ value: 'MR', label: 'Herr' }]}
        placeholder="Bitte wählen"
        error="Pflichtfeld"
      />,
    ],
    [
      'Checkbox',
      <Checkbox
        label={
          <>
            Ich habe die <a href="/privacy">Datenschutzhinweise</a> gelesen.
          </>
        }
        error="Bitte bestätigen"
      />,
    ],
    [
      'ExpansionPanel preview',
      <ExpansionPanel collapsedHeight={60} strings={strings}>
        <p>Text</p>
      </ExpansionPanel>,
    ],
    [
      'Label',
      <Label icon="truck" iconPosition="right">
        Versandkostenfrei
      </Label>,
    ],
    ['Banderole', <Banderole variant="sustainable" text="Nachhaltig" icon="check" />],
  ])('%s', async (_name, element) => {
    await expectHydratesCleanly(element);
  });
});
