// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { expectHydratesCleanly } from '../testing/expectHydratesCleanly.tsx';
import { Button } from './Button.tsx';

const strings = { 'ui.loading': 'Wird geladen …' };
afterEach(cleanup);

describe('Button', () => {
  test('is a primary-fill <button type="button"> by default and reports clicks', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Anmelden</Button>);
    const button = screen.getByRole('button', { name: 'Anmelden' });
    expect(button).toHaveProperty('type', 'button');
    expect(button.className).toContain('ui-button--primary-fill');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('can be triggered from the keyboard with Enter and Space', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Anmelden</Button>);
    await userEvent.tab();
    expect(screen.getByRole('button')).toBe(document.activeElement);
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  test('while loading it shows the labelled spinner, is busy, stays focusable and ignores clicks', async () => {
    const onClick = vi.fn();
    render(
      <Button state="loading" strings={strings} onClick={onClick}>
        Anmelden
      </Button>,
    );
    const button = screen.getByRole('button');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.textContent).toContain('Wird geladen …');
    await userEvent.click(button);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
  });

  test('a loading submit button does not submit its form a second time', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const { container, rerender } = render(
      <form>
        <Button type="submit">Senden</Button>
      </form>,
    );
    container.querySelector('form')!.addEventListener('submit', onSubmit);
    await userEvent.click(screen.getByRole('button'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <form>
        <Button type="submit" state="loading" strings={strings}>
          Senden
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  test('disabled renders a plain disabled <button>, even when asked for an anchor', async () => {
    const onClick = vi.fn();
    render(
      <Button tag="a" href="/privacy" disabled state="loading" strings={strings} onClick={onClick}>
        Datenschutz
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Datenschutz' });
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveProperty('disabled', true);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(screen.queryByRole('link')).toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  test('tag="a" renders a link with the button look, and icons stay decorative', () => {
    render(
      <Button tag="a" href="/contact" variant="secondary-outline" prependIcon="mail" appendIcon="arrow-right">
        Kontakt
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Kontakt' });
    expect(link.getAttribute('href')).toBe('/contact');
    expect(link.className).toContain('ui-button--secondary-outline');
    const icons = link.querySelectorAll('svg');
    expect(icons).toHaveLength(2);
    icons.forEach((icon) => expect(icon.getAttribute('aria-hidden')).toBe('true'));
  });

  test('a button ref receives the <button>, so a form can move focus to it', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Anmelden</Button>);
    expect(ref.current).toBe(screen.getByRole('button'));
  });

  test('passes type, width behaviour, name and value through', () => {
    render(
      <Button type="submit" widthBehaviour="full-mobile" name="action" value="save">
        Speichern
      </Button>,
    );
    const button = screen.getByRole('button');
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.className).toContain('ui-button--width-full-mobile');
    expect(button.getAttribute('name')).toBe('action');
    expect(button.getAttribute('value')).toBe('save');
  });

  test('hydrates the server HTML without a mismatch', async () => {
    await expectHydratesCleanly(
      <Button state="loading" strings={strings} prependIcon="cart">
        In den Warenkorb
      </Button>,
    );
  });
});
