import { act, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, onTestFinished, vi } from 'vitest';

/**
 * Renders an element on the "server", hydrates that HTML in the DOM and fails on any hydration mismatch
 * (React reports those as recoverable errors or console errors) or if hydration changed the markup, which
 * is what an Astro island goes through. Needs a DOM environment. `afterHydration` maps the hydrated markup before
 * the comparison, for changes a component makes on purpose that do not move anything (e.g. `hidden=""` becoming
 * `hidden="until-found"`).
 */
export async function expectHydratesCleanly(
  element: ReactElement,
  afterHydration: (html: string) => string = (html) => html,
): Promise<HTMLElement> {
  const html = renderToString(element);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const before = container.innerHTML;
  const recoverable: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    await act(async () => {
      const root = hydrateRoot(container, element, { onRecoverableError: (error) => recoverable.push(error) });
      onTestFinished(() => {
        root.unmount();
        container.remove();
      });
    });
    expect(recoverable, 'hydration errors').toEqual([]);
    expect(consoleError.mock.calls, 'console errors during hydration').toEqual([]);
  } finally {
    consoleError.mockRestore();
  }
  expect(afterHydration(container.innerHTML), 'markup after hydration').toBe(before);
  return container;
}
