// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { shopByCode } from '../shared/countries.ts';
import { $botSubmitted, $submissionResult, $submittedEmail } from '../lib/newsletter/signUpStore.ts';
import { expectHydratesCleanly } from '../ui/testing/expectHydratesCleanly.tsx';
import NewsletterSignup from './NewsletterSignup.tsx';
import { signUpProps } from './newsletter/signUpProps.ts';

const de = signUpProps(shopByCode('DE')!);

beforeEach(() => {
  $submissionResult.set(undefined);
  $submittedEmail.set('');
  $botSubmitted.set(false);
  delete window.dataLayer;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders the sign-up twice, as a page section and in the footer, and signs up in the page section. */
async function signUpInPageSection() {
  render(
    <>
      <section aria-label="page">
        <NewsletterSignup {...de} headingId="page" />
      </section>
      <section aria-label="footer">
        <NewsletterSignup {...de} headingId="footer" />
      </section>
    </>,
  );
  const page = within(screen.getByRole('region', { name: 'page' }));
  await userEvent.type(page.getByLabelText(/E-Mail-Adresse/), 'anna@example.com');
  await userEvent.click(page.getByRole('button', { name: 'Jetzt anmelden' }));
  return page;
}

describe('NewsletterSignup', () => {
  test('the page section and the footer share the outcome: after one sign-up neither offers the form again', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await signUpInPageSection();
    for (const name of ['page', 'footer']) {
      const region = within(screen.getByRole('region', { name }));
      expect(await region.findByText(/anna@example\.com/)).toBeTruthy();
      expect(region.queryByRole('form')).toBeNull();
    }
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.dataLayer).toEqual([
      { event: 'sign_up', subject: 'newsletter', origin: 'onsite:subsite', type: 'ga4' },
    ]);
  });

  test('a failed sign-up shows the generic banner only in the form that was sent, keeping what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 503 })),
    );
    const page = await signUpInPageSection();
    expect((await page.findByRole('alert')).textContent).toContain('Aus technischen Gründen');
    expect(within(screen.getByRole('region', { name: 'footer' })).queryByRole('alert')).toBeNull();
    expect(page.getByLabelText(/E-Mail-Adresse/)).toHaveProperty('value', 'anna@example.com');
  });

  test('origin and originAddition can be overridden and reach both the request and the analytics event', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    render(<NewsletterSignup {...de} headingId="h" origin="footer" originAddition="home" />);
    await userEvent.type(screen.getByLabelText(/E-Mail-Adresse/), 'b@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Jetzt anmelden' }));
    await screen.findByText(/b@example\.com/);
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toMatchObject({
      origin: 'footer',
      originAddition: 'home',
    });
    expect(window.dataLayer).toEqual([{ event: 'sign_up', subject: 'newsletter', origin: 'footer:home', type: 'ga4' }]);
  });

  test("the server HTML is a working form: it posts to the shop's endpoint with an enabled button, and hydrates unchanged", async () => {
    // React's act() warns unless the environment says it is a test one.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const server = renderToString(<NewsletterSignup {...de} headingId="h" page="/de/service/" placement="footer" />);
    expect(server).toContain('method="post"');
    expect(server).toContain('action="/de/newsletter/sign-up/#newsletter-footer"');
    expect(server).toContain('name="page" value="/de/service/"');
    expect(server).toContain('name="placement" value="footer"');
    expect(server).not.toContain('disabled');
    const container = await expectHydratesCleanly(<NewsletterSignup {...de} headingId="h" />);
    expect(within(container).getByRole('button', { name: 'Jetzt anmelden' })).toHaveProperty('disabled', false);
  });

  test('a server answer with errors keeps the values, marks the fields and lists them in an error summary', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const hu = signUpProps(shopByCode('HU')!);
    const values = {
      email: '',
      newsletterEmail: 'anna@example.com',
      salutation: '',
      firstName: 'Anna',
      lastName: '',
      consents: ['DNE'],
      legals: [],
    } as const;
    const answer = {
      outcome: 'invalid',
      placement: 'page',
      values,
      errors: { salutation: 'newsletter.error.salutationRequired', lastName: 'newsletter.error.lastNameRequired' },
    } as const;
    const container = await expectHydratesCleanly(
      <NewsletterSignup
        {...hu}
        headingId="h"
        answer={{ ...answer, values: { ...values, consents: [...values.consents], legals: [] } }}
      />,
    );
    const summary = within(container).getByRole('alert');
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      hu.strings['newsletter.error.salutationRequired'],
      hu.strings['newsletter.error.lastNameRequired'],
    ]);
    for (const link of links) {
      const field = container.querySelector<HTMLElement>(link.getAttribute('href')!)!;
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(within(container).getByLabelText(/E-Mail-Adresse|E-mail/i)).toHaveProperty('value', 'anna@example.com');
    expect(container.querySelector('input[name="firstName"]')).toHaveProperty('value', 'Anna');
    expect(container.querySelector('input[name="consents"]')).toHaveProperty('checked', true);
    expect(container.querySelector('form')!.classList.contains('newsletter-form--extended')).toBe(true);
  });

  test('a server answer of success shows the success message naming the address, on the server already', () => {
    const html = renderToString(
      <NewsletterSignup
        {...de}
        headingId="h"
        answer={{ outcome: 'signedUp', placement: 'page', email: 'anna@example.com' }}
      />,
    );
    expect(html.replace(/<wbr\/?>/g, '')).toContain('anna@example.com');
    expect(html).not.toContain('<form');
  });

  test("the server's success, hydrated, moves neither the scroll nor the focus", async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const scrolls = vi.spyOn(Element.prototype, 'scrollIntoView');
    onTestFinished(() => scrolls.mockRestore());
    const container = await expectHydratesCleanly(
      <NewsletterSignup
        {...de}
        headingId="h"
        answer={{ outcome: 'signedUp', placement: 'page', email: 'anna@example.com' }}
      />,
    );
    expect(container.querySelector('[role="status"]')?.textContent).toContain('anna@example.com');
    // The redirect after the plain post already brought the reader to it; the script arriving moves nothing.
    expect(scrolls).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
  });

  test('an island that hydrates after another one signed up hydrates cleanly, then shows the success', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // The footer's sign-up was rendered on the server (form), then the page's sign-up succeeded before it hydrated.
    const element = <NewsletterSignup {...de} headingId="footer" />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    $submittedEmail.set('anna@example.com');
    $submissionResult.set('SUCCESS');
    const recoverable: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, element, { onRecoverableError: (error) => recoverable.push(error) });
    });
    const consoleErrors = [...consoleError.mock.calls];
    consoleError.mockRestore();
    expect(recoverable, 'hydration errors').toEqual([]);
    expect(consoleErrors, 'console errors during hydration').toEqual([]);
    expect(within(container).getByRole('status').textContent).toContain('anna@example.com');
    container.remove();
  });
});
