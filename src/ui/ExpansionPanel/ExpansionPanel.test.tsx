// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { expectHydratesCleanly } from '../testing/expectHydratesCleanly.tsx';
import { ExpansionPanel } from './ExpansionPanel.tsx';

const strings = { 'ui.showMore': 'Mehr anzeigen', 'ui.showLess': 'Weniger anzeigen' };
afterEach(cleanup);

describe('ExpansionPanel (preview)', () => {
  test('starts collapsed at 96 px; the button says more, controls the content and toggles by keyboard', async () => {
    const onExpandedChange = vi.fn();
    const { container } = render(
      <ExpansionPanel strings={strings} onExpandedChange={onExpandedChange}>
        <p>Rechtlicher Hinweis</p>
      </ExpansionPanel>,
    );
    const button = screen.getByRole('button', { name: 'Mehr anzeigen' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const content = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(content.textContent).toBe('Rechtlicher Hinweis');
    expect(content.hasAttribute('hidden')).toBe(false);
    expect(container.firstElementChild!.getAttribute('data-collapsed-height')).toBe('96');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.textContent).toBe('Weniger anzeigen');
    expect(onExpandedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.textContent).toBe('Mehr anzeigen');
  });

  test('the legal-notice use collapses to 60 px', () => {
    const { container } = render(
      <ExpansionPanel collapsedHeight={60} strings={strings}>
        Text
      </ExpansionPanel>,
    );
    expect(container.firstElementChild!.getAttribute('data-collapsed-height')).toBe('60');
  });

  test('works controlled', async () => {
    const { rerender } = render(
      <ExpansionPanel expanded={false} strings={strings}>
        Text
      </ExpansionPanel>,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').getAttribute('aria-expanded')).toBe('false');
    rerender(
      <ExpansionPanel expanded strings={strings}>
        Text
      </ExpansionPanel>,
    );
    expect(screen.getByRole('button').getAttribute('aria-expanded')).toBe('true');
  });
});

describe('ExpansionPanel (accordion)', () => {
  test('the title is a button in a heading; collapsed content is hidden until found', async () => {
    render(
      <ExpansionPanel title="Zahlung" headingLevel={2}>
        <a href="/payment">Zahlungsarten</a>
      </ExpansionPanel>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Zahlung' });
    const button = screen.getByRole('button', { name: 'Zahlung' });
    expect(heading.contains(button)).toBe(true);
    const content = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(content.getAttribute('hidden')).toBe('until-found');
    await userEvent.click(button);
    expect(content.hasAttribute('hidden')).toBe(false);
    expect(screen.getByRole('link', { name: 'Zahlungsarten' })).toBeTruthy();
    await userEvent.click(button);
    expect(content.getAttribute('hidden')).toBe('until-found');
  });

  test('the browser finding text inside (beforematch) expands it', async () => {
    const onExpandedChange = vi.fn();
    render(
      <ExpansionPanel title="Versand" onExpandedChange={onExpandedChange}>
        Lieferung in 2–4 Tagen
      </ExpansionPanel>,
    );
    const button = screen.getByRole('button', { name: 'Versand' });
    const content = document.getElementById(button.getAttribute('aria-controls')!)!;
    content.dispatchEvent(new Event('beforematch'));
    await vi.waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
    expect(onExpandedChange).toHaveBeenCalledWith(true);
  });

  test('hydrates the server HTML without a mismatch', async () => {
    // The one intended change: React can only render `hidden=""`, the effect upgrades it (both hide alike).
    const container = await expectHydratesCleanly(
      <ExpansionPanel title="Rücksendung">30 Tage Rückgaberecht</ExpansionPanel>,
      (html) => html.replace('hidden="until-found"', 'hidden=""'),
    );
    expect(container.querySelector('[hidden]')!.getAttribute('hidden')).toBe('until-found');
  });
});

describe('ExpansionPanel (preview) reveals what would stay clipped', () => {
  test('scrolling the clipped box (as find-in-page does) expands it', async () => {
    render(
      <ExpansionPanel strings={strings}>
        <p>Langer Text</p>
      </ExpansionPanel>,
    );
    const button = screen.getByRole('button');
    document.getElementById(button.getAttribute('aria-controls')!)!.dispatchEvent(new Event('scroll'));
    await vi.waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
  });
});
