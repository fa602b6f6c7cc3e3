// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { expectHydratesCleanly } from '../testing/expectHydratesCleanly.tsx';
import { formatIban } from '../../lib/format/iban.ts';
import { TextInput } from './TextInput.tsx';

const strings = {
  'ui.clear': 'Eingabe löschen',
  'ui.password.show': 'Passwort anzeigen',
  'ui.password.hide': 'Passwort verbergen',
  'ui.password.strength': 'Passwortstärke',
  'ui.password.strength.weak': 'schwach',
  'ui.password.strength.ok': 'okay',
  'ui.password.strength.strong': 'stark',
  'ui.password.strength.veryStrong': 'sehr stark',
};
afterEach(cleanup);

describe('TextInput', () => {
  test('is labelled, and its hint is linked through aria-describedby', () => {
    render(<TextInput label="E-Mail-Adresse" hint="Wir senden eine Bestätigung." type="email" />);
    const input = screen.getByLabelText('E-Mail-Adresse');
    const hint = document.getElementById(input.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe('Wir senden eine Bestätigung.');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  test('an error sets aria-invalid, is described first and keeps what was typed', async () => {
    const { rerender } = render(<TextInput label="E-Mail-Adresse" hint="Hinweis" id="email" />);
    const input = screen.getByLabelText('E-Mail-Adresse') as HTMLInputElement;
    await userEvent.type(input, 'anna@');
    rerender(
      <TextInput
        label="E-Mail-Adresse"
        hint="Hinweis"
        id="email"
        error="Bitte geben Sie eine gültige E-Mail-Adresse ein."
      />,
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('email-error email-hint');
    expect(document.getElementById('email-error')!.textContent).toBe(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
    expect(input.value).toBe('anna@');
  });

  test('a success message shows with a check icon, describes the input, and gives way to an error', () => {
    const { container, rerender } = render(
      <TextInput label="E-Mail-Adresse" hint="Hinweis" id="email" success="Die E-Mail-Adresse ist gültig." />,
    );
    const input = screen.getByLabelText('E-Mail-Adresse');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe('email-success email-hint');
    const message = document.getElementById('email-success')!;
    expect(message.textContent).toBe('Die E-Mail-Adresse ist gültig.');
    expect(message.querySelector('svg use')!.getAttribute('href')).toMatch(/#success$/);
    expect(container.querySelector('.ui-field--valid')).not.toBeNull();
    rerender(
      <TextInput
        label="E-Mail-Adresse"
        hint="Hinweis"
        id="email"
        success="Die E-Mail-Adresse ist gültig."
        error="Bitte prüfen."
      />,
    );
    expect(document.getElementById('email-success')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe('email-error email-hint');
    expect(container.querySelector('.ui-field--valid')).toBeNull();
  });

  test('passes autocomplete, maxLength, inputMode, name and required through', () => {
    render(
      <TextInput label="Vorname" name="firstName" autoComplete="given-name" maxLength={40} inputMode="text" required />,
    );
    const input = screen.getByRole('textbox', { name: 'Vorname' });
    expect(input.getAttribute('autocomplete')).toBe('given-name');
    expect(input.getAttribute('maxlength')).toBe('40');
    expect(input.getAttribute('inputmode')).toBe('text');
    expect(input.getAttribute('name')).toBe('firstName');
    expect(input.hasAttribute('required')).toBe(true);
  });

  test('the clear button appears with a value, empties the field, reports it and returns focus', async () => {
    const onValueChange = vi.fn();
    render(<TextInput label="Suche" type="search" clearable strings={strings} onValueChange={onValueChange} />);
    expect(screen.queryByRole('button', { name: 'Eingabe löschen' })).toBeNull();
    const input = screen.getByRole('searchbox', { name: 'Suche' }) as HTMLInputElement;
    await userEvent.type(input, 'Kaffee');
    await userEvent.tab();
    const clear = screen.getByRole('button', { name: 'Eingabe löschen' });
    expect(clear).toBe(document.activeElement);
    await userEvent.keyboard('{Enter}');
    expect(input.value).toBe('');
    expect(onValueChange).toHaveBeenLastCalledWith('');
    expect(input).toBe(document.activeElement);
    expect(screen.queryByRole('button', { name: 'Eingabe löschen' })).toBeNull();
  });

  test('works controlled: the parent owns the value', async () => {
    function Controlled() {
      const [value, setValue] = useState('ab');
      return (
        <TextInput
          label="Code"
          value={value}
          onValueChange={(next) => setValue(next.toUpperCase())}
          clearable
          strings={strings}
        />
      );
    }
    render(<Controlled />);
    const input = screen.getByLabelText('Code') as HTMLInputElement;
    await userEvent.type(input, 'c');
    expect(input.value).toBe('ABC');
    await userEvent.click(screen.getByRole('button', { name: 'Eingabe löschen' }));
    expect(input.value).toBe('');
  });

  test('the password toggle shows and hides the password by keyboard', async () => {
    render(<TextInput label="Passwort" type="password" defaultValue="geheim" strings={strings} />);
    const input = screen.getByLabelText('Passwort');
    expect(input.getAttribute('type')).toBe('password');
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Passwort anzeigen' })).toBe(document.activeElement);
    await userEvent.keyboard(' ');
    expect(input.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Passwort verbergen' })).toBe(document.activeElement);
    await userEvent.keyboard('{Enter}');
    expect(input.getAttribute('type')).toBe('password');
  });

  test('the strength meter follows the typed password through every level', async () => {
    const { container } = render(<TextInput label="Passwort" type="password" showStrength strings={strings} />);
    const input = screen.getByLabelText('Passwort');
    const meter = container.querySelector('.ui-strength')!;
    expect(meter.getAttribute('data-level')).toBe('none');
    await userEvent.type(input, 'abc');
    expect(meter.getAttribute('data-level')).toBe('weak');
    expect(meter.textContent).toBe('Passwortstärke: schwach');
    await userEvent.type(input, 'defgh');
    expect(meter.getAttribute('data-level')).toBe('moderate');
    expect(meter.textContent).toBe('Passwortstärke: okay');
    await userEvent.type(input, 'X');
    expect(meter.textContent).toBe('Passwortstärke: stark');
    await userEvent.type(input, '7');
    expect(meter.getAttribute('data-level')).toBe('strong');
    expect(meter.textContent).toBe('Passwortstärke: sehr stark');
    expect(input.getAttribute('aria-describedby')).toContain(meter.querySelector('p')!.id);
  });

  test('formatValue rewrites what is typed, e.g. an IBAN in groups of four', async () => {
    const onValueChange = vi.fn();
    render(<TextInput label="IBAN" formatValue={formatIban} onValueChange={onValueChange} />);
    const input = screen.getByLabelText('IBAN') as HTMLInputElement;
    await userEvent.type(input, 'de89-3704x0044');
    expect(input.value).toBe('DE89 3704 0044');
    expect(onValueChange).toHaveBeenLastCalledWith('DE89 3704 0044');
  });

  test('the ref reaches the <input> so a form can focus its first invalid field', () => {
    let element: HTMLInputElement | null = null;
    render(
      <TextInput
        label="Nachname"
        ref={(node) => {
          element = node;
        }}
      />,
    );
    expect(element).toBe(screen.getByLabelText('Nachname'));
  });

  test('hydrates the server HTML without a mismatch', async () => {
    await expectHydratesCleanly(
      <TextInput
        label="Passwort"
        type="password"
        defaultValue="Abcdefgh1"
        clearable
        showStrength
        error="Fehler"
        strings={strings}
      />,
    );
  });
});
