// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Notification } from './Notification.tsx';

const strings = { 'ui.notification.close': 'Hinweis schließen' };
afterEach(cleanup);

describe('Notification', () => {
  test.each([
    ['error', 'alert'],
    ['warning', 'alert'],
    ['success', 'status'],
    ['information', 'status'],
  ] as const)('%s is announced with role=%s', (variant, role) => {
    render(<Notification variant={variant} labelText="Text" strings={strings} />);
    expect(screen.getByRole(role).textContent).toContain('Text');
  });

  test('closing by keyboard hides it and emits the close event once', async () => {
    const onClose = vi.fn();
    render(<Notification variant="success" labelText="Gespeichert" strings={strings} onClose={onClose} />);
    await userEvent.tab();
    const close = screen.getByRole('button', { name: 'Hinweis schließen' });
    expect(close).toBe(document.activeElement);
    await userEvent.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('showCloseIcon=false has no close button', () => {
    render(<Notification variant="error" labelText="Technischer Fehler" showCloseIcon={false} />);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('open=false renders nothing; setting open again shows it after a close', async () => {
    const { rerender } = render(<Notification open={false} labelText="Hallo" strings={strings} />);
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<Notification open labelText="Hallo" strings={strings} />);
    await userEvent.click(screen.getByRole('button', { name: 'Hinweis schließen' }));
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<Notification open={false} labelText="Hallo" strings={strings} />);
    rerender(<Notification open labelText="Hallo" strings={strings} />);
    expect(screen.getByRole('status')).toBeTruthy();
  });

  test('uses the variant icon, or the custom icon, decoratively; transparent drops the tint', () => {
    const { container, rerender } = render(
      <Notification variant="warning" labelText="Achtung" showCloseIcon={false} />,
    );
    expect(container.querySelector('svg')!.getAttribute('data-icon')).toBe('warning');
    expect(container.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    rerender(
      <Notification variant="warning" labelText="Achtung" showCloseIcon={false} customIcon="gift" transparent />,
    );
    expect(container.querySelector('svg')!.getAttribute('data-icon')).toBe('gift');
    expect(container.firstElementChild!.className).toContain('ui-notification--transparent');
  });

  test('shows body content, links included', () => {
    render(
      <Notification labelText="Danke" showCloseIcon={false}>
        <a href="/privacy">Datenschutz</a>
      </Notification>,
    );
    expect(screen.getByRole('link', { name: 'Datenschutz' })).toBeTruthy();
  });
});
