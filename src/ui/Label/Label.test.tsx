// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { Label } from './Label.tsx';

afterEach(cleanup);

describe('Label', () => {
  test('puts the decorative icon on the left by default, on the right when asked', () => {
    const { container, rerender } = render(<Label icon="truck">Versandkostenfrei</Label>);
    const label = container.firstElementChild!;
    expect(label.firstElementChild!.tagName.toLowerCase()).toBe('svg');
    expect(label.firstElementChild!.getAttribute('aria-hidden')).toBe('true');
    expect(label.textContent).toBe('Versandkostenfrei');
    rerender(
      <Label icon="truck" iconPosition="right">
        Versandkostenfrei
      </Label>,
    );
    expect(container.firstElementChild!.lastElementChild!.tagName.toLowerCase()).toBe('svg');
  });

  test('without an icon it is just the text', () => {
    const { container } = render(<Label>Neu</Label>);
    expect(container.querySelector('svg')).toBeNull();
  });
});
