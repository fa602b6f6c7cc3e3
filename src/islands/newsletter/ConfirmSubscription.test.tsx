// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { shopByCode } from '../../shared/countries.ts';
import { translationsFor } from '../../shared/i18n.ts';
import { $botSubmitted, $submissionResult, $submittedEmail } from '../../lib/newsletter/signUpStore.ts';
import { expectHydratesCleanly } from '../../ui/testing/expectHydratesCleanly.tsx';
import ConfirmSubscription, { type ConfirmSubscriptionProps } from './ConfirmSubscription.tsx';
import { signUpProps } from './signUpProps.ts';

// The double opt-in is the subscriber's press of the button, never the page opening (issue 43): mail scanners open
// links in real browsers and run their scripts (docs/newsletter.md#double-opt-in).

const de = shopByCode('DE')!;
const t = translationsFor(de.locale);
const props = (answer?: ConfirmSubscriptionProps['answer']): ConfirmSubscriptionProps => ({
  signUp: signUpProps(de),
  strings: {
    pending: t('newsletter.confirm.pending'),
    successHeading: t('newsletter.confirm.successHeading'),
    successText: t('newsletter.confirm.successText'),
    mailSent: t('newsletter.confirm.mailSent'),
    shopLink: t('newsletter.confirm.shopLink'),
    preferencesLink: t('newsletter.preferences.link'),
    signUpHeading: 'Sign up',
    intro: t('newsletter.confirm.intro'),
    button: t('newsletter.confirm.button'),
  },
  segment: de.segment,
  answer,
});

/** The service: one answer for every call, given once `release` is called (at once by default); records the calls. */
function service(answer: { status: number; body?: unknown }, held = false) {
  const calls: { method: string; url: string }[] = [];
  let release = () => {};
  const released = held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ method: init.method ?? 'GET', url });
      await released;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return Object.assign(calls, { release: () => act(async () => release()) });
}

const button = () => screen.getByRole('button', { name: t('newsletter.confirm.button') });

beforeEach(() => {
  window.history.replaceState({}, '', '/de/newsletter/confirm/?token=tok%2B1');
  $submissionResult.set(undefined);
  $submittedEmail.set('');
  $botSubmitted.set(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ConfirmSubscription', () => {
  test('hydrating the server HTML confirms nothing, however long the page stays open: it shows the button', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const calls = service({ status: 200, body: { preferencesToken: 'pref' } });
    const container = await expectHydratesCleanly(<ConfirmSubscription {...props()} />);
    vi.useFakeTimers();
    // A scanner that opens the link in a browser waits as long as it likes: the clock moves on, nothing is sent.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect([...calls]).toEqual([]);
    expect(container.querySelector('form button[type="submit"]')?.textContent).toBe(t('newsletter.confirm.button'));
    expect(container.textContent).toContain(t('newsletter.confirm.intro'));
    expect(container.textContent).not.toContain(t('newsletter.confirm.successHeading'));
  });

  test('the press confirms, once: one PUT however often it is pressed, then the notice, focused, with its links', async () => {
    const calls = service({ status: 200, body: { preferencesToken: 'pref' } }, true);
    render(<ConfirmSubscription {...props()} />);
    expect([...calls]).toEqual([]);
    const pressed = button();
    await userEvent.click(pressed);
    await userEvent.click(pressed);
    // The form sent again while the answer is on its way (a second Enter): still one request.
    fireEvent.submit(pressed.closest('form')!);
    await calls.release();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain(t('newsletter.confirm.successHeading'));
    expect(notice.textContent).toContain(t('newsletter.confirm.mailSent'));
    expect([...calls]).toEqual([
      {
        method: 'PUT',
        url: `${window.location.origin}/service/newsletter/api/internal/newsletter-subscribers/tok%2B1/doi`,
      },
    ]);
    // The button that was pressed is gone: the outcome takes the focus.
    expect(document.activeElement?.contains(notice)).toBe(true);
    expect(screen.getByRole('link', { name: t('newsletter.preferences.link') }).getAttribute('href')).toBe(
      '/de/newsletter/preferences/?token=pref',
    );
  });

  test('an unknown, spent or expired link, once pressed, shows the sign-up form with the invalid-link banner', async () => {
    service({ status: 404 });
    render(<ConfirmSubscription {...props()} />);
    await userEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe(t('newsletter.error.doiInvalid'));
    expect(screen.getByRole('button', { name: t('newsletter.submit') })).toBeTruthy();
  });

  test('a page without a token says at once that the link is not valid, and sends nothing', async () => {
    window.history.replaceState({}, '', '/de/newsletter/confirm/');
    const calls = service({ status: 200 });
    render(<ConfirmSubscription {...props()} />);
    expect((await screen.findByRole('alert')).textContent).toBe(t('newsletter.error.doiInvalid'));
    expect([...calls]).toEqual([]);
  });

  test("the server's answer to the plain post is shown as it is, nothing is sent again, and nothing moves", async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const calls = service({ status: 200, body: { preferencesToken: 'other' } });
    const scrolls = vi.spyOn(Element.prototype, 'scrollIntoView');
    onTestFinished(() => scrolls.mockRestore());
    const container = await expectHydratesCleanly(
      <ConfirmSubscription {...props({ outcome: 'confirmed', preferencesToken: 'pref' })} />,
    );
    expect(container.querySelector('[role="status"]')?.textContent).toContain(t('newsletter.confirm.successHeading'));
    expect([...calls]).toEqual([]);
    // The page arrived with the notice: hydrating neither scrolls it nor takes the focus, so a link being tapped as
    // the script arrives stays under the finger.
    expect(scrolls).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
  });
});
