// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { Banderole } from './Banderole.tsx';

afterEach(cleanup);

describe('Banderole', () => {
  test('shows its text in the promotion colours by default', () => {
    const { container } = render(<Banderole text="−10 %" />);
    expect(container.textContent).toBe('−10 %');
    expect(container.firstElementChild!.className).toContain('ui-banderole--promotion');
  });

  test('takes a variant and a decorative icon', () => {
    const { container } = render(<Banderole variant="new" text="Neu" icon="gift" />);
    expect(container.firstElementChild!.className).toContain('ui-banderole--new');
    expect(container.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
  });
});
