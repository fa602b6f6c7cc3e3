// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Select } from './Select.tsx';

const options = [
  { value: 'MRS', label: 'Frau' },
  { value: 'MR', label: 'Herr' },
  { value: 'DIVERS', label: 'Divers' },
  { value: 'COMPANY', label: 'Firma', disabled: true },
];
afterEach(cleanup);

describe('Select', () => {
  test('is a labelled native <select> with the placeholder first, in the given order', () => {
    render(<Select label="Anrede" name="salutation" options={options} placeholder="Bitte wählen" />);
    const select = screen.getByRole('combobox', { name: 'Anrede' }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.getAttribute('name')).toBe('salutation');
    expect([...select.options].map((o) => o.value)).toEqual(['', 'MRS', 'MR', 'DIVERS', 'COMPANY']);
    expect(select.value).toBe('');
    expect(select.options[4]!.disabled).toBe(true);
  });

  test('reports the chosen value, also chosen from the keyboard', async () => {
    const onValueChange = vi.fn();
    render(<Select label="Anrede" options={options} placeholder="Bitte wählen" onValueChange={onValueChange} />);
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    await userEvent.tab();
    expect(select).toBe(document.activeElement);
    await userEvent.selectOptions(select, 'MR');
    expect(onValueChange).toHaveBeenLastCalledWith('MR');
    expect(select.value).toBe('MR');
  });

  test('an error sets aria-invalid and describes the select; disabled passes through', () => {
    render(
      <Select
        label="Anrede"
        id="salutation"
        options={options}
        error="Bitte wählen Sie eine Anrede."
        required
        disabled
      />,
    );
    const select = screen.getByRole('combobox');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe('salutation-error');
    expect(document.getElementById('salutation-error')!.textContent).toBe('Bitte wählen Sie eine Anrede.');
    expect(select).toHaveProperty('disabled', true);
    expect(select.hasAttribute('required')).toBe(true);
  });

  test('a success message shows with a check icon and describes the select; no state without it', () => {
    const { container, rerender } = render(
      <Select label="Anrede" id="salutation" options={options} defaultValue="MRS" success="Anrede ausgewählt." />,
    );
    const select = screen.getByRole('combobox');
    expect(select.getAttribute('aria-describedby')).toBe('salutation-success');
    expect(document.getElementById('salutation-success')!.textContent).toBe('Anrede ausgewählt.');
    expect(document.getElementById('salutation-success')!.querySelector('svg')).not.toBeNull();
    expect(container.querySelector('.ui-field--valid')).not.toBeNull();
    rerender(<Select label="Anrede" id="salutation" options={options} defaultValue="MRS" />);
    expect(select.getAttribute('aria-describedby')).toBeNull();
    expect(container.querySelector('.ui-field--valid')).toBeNull();
  });

  test('without a placeholder there is no empty option', () => {
    render(<Select label="Land" options={options.slice(0, 2)} defaultValue="MR" />);
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect(select.options).toHaveLength(2);
    expect(select.value).toBe('MR');
  });
});
