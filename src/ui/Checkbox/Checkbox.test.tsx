// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Checkbox } from './Checkbox.tsx';

afterEach(cleanup);

describe('Checkbox', () => {
  test('is a native checkbox; name and value go into the submitted form', async () => {
    const { container } = render(
      <form>
        <Checkbox label="Personalisierte Angebote" name="consents" value="DNE" />
      </form>,
    );
    const box = screen.getByRole('checkbox', { name: 'Personalisierte Angebote' });
    await userEvent.click(box);
    expect(new FormData(container.querySelector('form')!).getAll('consents')).toEqual(['DNE']);
  });

  test('toggles with Space and with a click on its label, reporting the state', async () => {
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Newsletter" onCheckedChange={onCheckedChange} />);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(screen.getByText('Newsletter'));
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
  });

  // That following the link does not tick the box is browser behaviour (happy-dom differs): tests/ui-gallery.spec.ts.
  test('a link in the label stays a link inside the label, and the label names the box', () => {
    render(
      <Checkbox
        label={
          <>
            Ich habe die <a href="#privacy">Datenschutzhinweise</a> gelesen.
          </>
        }
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Ich habe die Datenschutzhinweise gelesen.' });
    const link = screen.getByRole('link', { name: 'Datenschutzhinweise' });
    expect(link.closest('label')!.htmlFor).toBe(box.id);
    expect(box.getAttribute('aria-describedby')).toBeNull();
  });

  test('a success message shows with a check icon and is linked; an error wins over it', () => {
    const { container, rerender } = render(
      <Checkbox id="dne" label="Einwilligung" defaultChecked success="Ihre Einwilligung liegt uns vor." />,
    );
    const box = screen.getByRole('checkbox');
    expect(box.getAttribute('aria-describedby')).toBe('dne-success');
    expect(document.getElementById('dne-success')!.textContent).toBe('Ihre Einwilligung liegt uns vor.');
    expect(document.getElementById('dne-success')!.querySelector('svg')).not.toBeNull();
    expect(container.querySelector('.ui-field--valid')).not.toBeNull();
    rerender(
      <Checkbox
        id="dne"
        label="Einwilligung"
        defaultChecked
        success="Ihre Einwilligung liegt uns vor."
        error="Bitte bestätigen."
      />,
    );
    expect(box.getAttribute('aria-describedby')).toBe('dne-error');
    expect(document.getElementById('dne-success')).toBeNull();
  });

  test('an error sets aria-invalid and is linked; required passes through', () => {
    render(
      <Checkbox
        id="legal"
        label="Einwilligung"
        required
        error="Bitte geben Sie Ihre Einwilligung."
        hint="Pflichtfeld"
      />,
    );
    const box = screen.getByRole('checkbox');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('legal-error legal-hint');
    expect(box.hasAttribute('required')).toBe(true);
  });
});
