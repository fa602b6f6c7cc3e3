// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { TextLink } from './TextLink.tsx';

afterEach(cleanup);

describe('TextLink', () => {
  test('anchor: a plain link', () => {
    render(<TextLink href="/privacy">Datenschutz</TextLink>);
    expect(screen.getByRole('link', { name: 'Datenschutz' }).getAttribute('href')).toBe('/privacy');
  });

  test('button: an action with the link look, triggered by keyboard', async () => {
    const onClick = vi.fn();
    render(
      <TextLink as="button" onClick={onClick}>
        Cookie-Einstellungen
      </TextLink>,
    );
    const button = screen.getByRole('button', { name: 'Cookie-Einstellungen' });
    expect(button.getAttribute('type')).toBe('button');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('router: a plain click is handed to onNavigate, a Ctrl+click is left to the browser', () => {
    const onNavigate = vi.fn();
    render(
      <TextLink as="router" href="/de/checkout/" onNavigate={onNavigate}>
        Zur Kasse
      </TextLink>,
    );
    const link = screen.getByRole('link', { name: 'Zur Kasse' });
    const plain = fireEvent.click(link, { button: 0 });
    expect(plain).toBe(false); // default prevented
    expect(onNavigate).toHaveBeenCalledWith('/de/checkout/');
    const modified = fireEvent.click(link, { button: 0, ctrlKey: true });
    expect(modified).toBe(true);
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  test('newTab adds a safe rel; the icon is decorative', () => {
    render(
      <TextLink href="https://example.org/" newTab appendIcon="external-link">
        Hersteller (neues Fenster)
      </TextLink>,
    );
    const link = screen.getByRole('link', { name: 'Hersteller (neues Fenster)' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
  });
});
