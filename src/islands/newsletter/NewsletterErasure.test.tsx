// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { shopByCode } from '../../shared/countries.ts';
import { pickStrings } from '../../shared/i18n.ts';
import type { PreferencesAnswer } from '../../shared/newsletter/formAnswers.ts';
import NewsletterPreferences from './NewsletterPreferences.tsx';
import { preferencesStringKeys } from './preferencesStrings.ts';
import { signUpProps } from './signUpProps.ts';

// Export and erasure on the preferences page (docs/newsletter.md#subscriber-rights): plain forms the server answers,
// and with JavaScript the erasure in place, after a confirmation.
const hu = shopByCode('HU')!;
const text = pickStrings('hu-HU', preferencesStringKeys);
const stored = { salutation: 'MRS', firstName: 'Anna', lastName: 'Nagy', consents: [] } as const;
const ready: PreferencesAnswer = {
  outcome: 'ready',
  email: 'anna@example.com',
  stored: { ...stored, consents: [] },
  values: { ...stored, consents: [] },
  errors: {},
};
const page = (answer: PreferencesAnswer) => (
  <NewsletterPreferences signUp={signUpProps(hu)} strings={text} headingId="h" segment={hu.segment} answer={answer} />
);
const ERASE_URL = '/service/newsletter/api/internal/newsletter-subscribers/tok%2B1/erase';

/** The erase call answers these statuses in turn (`network`: no answer); every call is recorded. */
function eraseAnswers(...statuses: (number | 'network')[]) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ method: init.method ?? 'GET', url });
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      if (status === 'network') throw new TypeError('Failed to fetch');
      return new Response(status === 204 ? null : '{}', { status });
    }),
  );
  return calls;
}

/** A form's hidden intent. */
const intentOf = (form: Element | null) => form?.querySelector<HTMLInputElement>('input[name="intent"]')?.value;

beforeEach(() => window.history.replaceState({}, '', '/hu/newsletter/preferences/?token=tok%2B1'));
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe('without JavaScript: the server-rendered page', () => {
  test('offers the download and the erasure as plain forms that post to the page', () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(page(ready));
    const section = within(container).getByRole('region', { name: text['newsletter.preferences.dataHeading'] });
    const download = within(section).getByRole('button', { name: text['newsletter.preferences.export'] });
    const erase = within(section).getByRole('button', { name: text['newsletter.preferences.erase'] });
    for (const [button, intent] of [
      [download, 'export'],
      [erase, 'erase'],
    ] as const) {
      const form = button.closest('form')!;
      expect([form.getAttribute('method'), form.getAttribute('action'), intentOf(form)]).toEqual([
        'post',
        null,
        intent,
      ]);
    }
  });

  test('the confirmation step names the address, erases or leads back by plain forms', () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(page({ ...ready, step: 'confirmErase', notice: 'eraseFailed' }));
    expect(
      within(container).getByRole('heading', { name: text['newsletter.preferences.eraseConfirmHeading'] }),
    ).toBeTruthy();
    expect(container.textContent).toContain('anna@example.com');
    expect(within(container).getByRole('alert').textContent).toBe(text['newsletter.preferences.eraseFailed']);
    const confirm = within(container).getByRole('button', { name: text['newsletter.preferences.eraseConfirm'] });
    expect(intentOf(confirm.closest('form'))).toBe('eraseConfirmed');
    const back = within(container).getByRole('button', { name: text['newsletter.preferences.eraseCancel'] });
    expect(intentOf(back.closest('form'))).toBe('keepData');
    expect(within(container).queryByRole('button', { name: text['newsletter.preferences.save'] })).toBeNull();
  });

  test('after the erasure the page says so, and nothing else', () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(page({ outcome: 'erased' }));
    expect(container.textContent).toBe(
      text['newsletter.preferences.erasedHeading'] + text['newsletter.preferences.erasedText'],
    );
  });
});

describe('with JavaScript', () => {
  test('the erase button asks first; "back" returns to the settings; the confirmation erases once', async () => {
    const calls = eraseAnswers(204);
    render(page(ready));
    await userEvent.click(screen.getByRole('button', { name: text['newsletter.preferences.erase'] }));
    const question = screen.getByRole('heading', { name: text['newsletter.preferences.eraseConfirmHeading'] });
    expect(document.activeElement).toBe(question);
    await userEvent.click(screen.getByRole('button', { name: text['newsletter.preferences.eraseCancel'] }));
    expect(screen.getByRole('button', { name: text['newsletter.preferences.save'] })).toBeTruthy();
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: text['newsletter.preferences.erase'] }));
    const confirm = screen.getByRole('button', { name: text['newsletter.preferences.eraseConfirm'] });
    await act(async () => {
      confirm.click();
      confirm.click();
    });
    const notice = await screen.findByText(text['newsletter.preferences.erasedHeading']);
    expect(calls).toEqual([{ method: 'POST', url: window.location.origin + ERASE_URL }]);
    expect(document.activeElement).toBe(notice.closest('.newsletter-success'));
  });

  test('a failure says so and keeps the confirmation for another try; a dead link gets the invalid-link state', async () => {
    eraseAnswers(503, 404);
    render(page(ready));
    await userEvent.click(screen.getByRole('button', { name: text['newsletter.preferences.erase'] }));
    await userEvent.click(screen.getByRole('button', { name: text['newsletter.preferences.eraseConfirm'] }));
    expect((await screen.findByRole('alert')).textContent).toBe(text['newsletter.preferences.eraseFailed']);
    await userEvent.click(screen.getByRole('button', { name: text['newsletter.preferences.eraseConfirm'] }));
    expect((await screen.findByRole('alert')).textContent).toContain(text['newsletter.preferences.linkInvalidHeading']);
  });
});
