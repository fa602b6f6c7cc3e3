// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { IconButton } from './IconButton.tsx';

afterEach(cleanup);

describe('IconButton', () => {
  test('is named by its label, with the icon hidden, and works from the keyboard', async () => {
    const onClick = vi.fn();
    render(<IconButton icon="search" label="Suchen" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Suchen' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('reports a toggle state through aria-pressed only when given', () => {
    const { rerender } = render(<IconButton icon="heart" label="Merken" pressed />);
    expect(screen.getByRole('button').getAttribute('aria-pressed')).toBe('true');
    rerender(<IconButton icon="heart" label="Merken" />);
    expect(screen.getByRole('button').hasAttribute('aria-pressed')).toBe(false);
  });

  test('disabled does not fire', async () => {
    const onClick = vi.fn();
    render(<IconButton icon="plus" label="Menge erhöhen" disabled onClick={onClick} />);
    await userEvent.click(screen.getByRole('button'));
    expect(onClick).not.toHaveBeenCalled();
  });
});
