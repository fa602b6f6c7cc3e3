// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { Spinner } from './Spinner.tsx';

afterEach(cleanup);

describe('Spinner', () => {
  test.each([
    ['small', '16'],
    ['medium', '36'],
    ['large', '48'],
  ] as const)('%s is %s px', (size, edge) => {
    const { container } = render(<Spinner size={size} label="Lädt" />);
    expect(container.querySelector('svg')!.getAttribute('width')).toBe(edge);
  });

  test('is a polite status with its label by default; the ring is hidden from assistive technology', () => {
    const { container } = render(<Spinner label="Wird geladen …" />);
    expect(screen.getByRole('status').textContent).toBe('Wird geladen …');
    expect(container.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('svg')!.getAttribute('width')).toBe('36');
  });

  test('live=false keeps the label but is no live region', () => {
    const { container } = render(<Spinner label="Lädt" live={false} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.textContent).toBe('Lädt');
  });
});
