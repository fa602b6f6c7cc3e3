// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { startTransition } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { shopByCode } from '../../shared/countries.ts';
import { subscriberFixture } from '../../shared/fixtures/subscriberFixture.ts';
import { pickStrings } from '../../shared/i18n.ts';
import type { PreferencesAnswer } from '../../shared/newsletter/formAnswers.ts';
import { $botSubmitted, $submissionResult, $submittedEmail } from '../../lib/newsletter/signUpStore.ts';
import { expectHydratesCleanly } from '../../ui/testing/expectHydratesCleanly.tsx';
import NewsletterPreferences from './NewsletterPreferences.tsx';
import { preferencesStringKeys } from './preferencesStrings.ts';
import { signUpProps } from './signUpProps.ts';

const hu = shopByCode('HU')!;
const de = shopByCode('DE')!;
const props = (shop = hu) => ({
  signUp: signUpProps(shop),
  strings: pickStrings(shop.locale, preferencesStringKeys),
  headingId: 'h',
  segment: shop.segment,
});
const huText = pickStrings('hu-HU', preferencesStringKeys);

/** The preferences link's own invalid-link message (issue 43), and no sign-up form. */
async function expectLinkInvalid() {
  const message = await screen.findByRole('alert');
  expect(message.textContent).toContain(huText['newsletter.preferences.linkInvalidHeading']);
  expect(message.textContent).toContain(huText['newsletter.preferences.linkInvalidText']);
  expect(within(message).getByRole('link', { name: huText['newsletter.confirm.shopLink'] }).getAttribute('href')).toBe(
    '/hu/',
  );
  expect(message.textContent).not.toContain('Ez a link sajnos már nem érvényes. Kérjük, iratkozzon fel újra.');
  expect(screen.queryByRole('button', { name: 'Feliratkozom' })).toBeNull();
  expect(screen.queryByRole('textbox', { name: 'E-mail-cím' })).toBeNull();
}
const anna = subscriberFixture();

type Answer = { status: number; body?: unknown } | 'network';
/** The service: answers per method, in order (the last one repeats); records every call. */
function service(answers: Partial<Record<'GET' | 'PUT' | 'DELETE', Answer[]>>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body === undefined ? undefined : JSON.parse(init.body as string) });
      const queue = answers[method as 'GET'] ?? [];
      const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 500 };
      if (answer === 'network') throw new TypeError('Failed to fetch');
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

beforeEach(() => {
  window.history.replaceState({}, '', '/hu/newsletter/preferences/?token=tok%2B1');
  $submissionResult.set(undefined);
  $submittedEmail.set('');
  $botSubmitted.set(false);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (name: string) => screen.getByRole(name === 'Megszólítás' ? 'combobox' : 'textbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Módosítások mentése' }));

describe('NewsletterPreferences: loading', () => {
  test("reads the token from the address and shows the subscription in the shop's fields", async () => {
    const calls = service({ GET: [{ status: 200, body: anna }] });
    render(<NewsletterPreferences {...props()} />);
    expect(screen.getByRole('status').textContent).toBe('Beállítások betöltése…');
    expect(await screen.findByText('anna@example.com')).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'GET',
        url: `${window.location.origin}/service/newsletter/api/internal/newsletter-subscribers/tok%2B1`,
        body: undefined,
      },
    ]);
    expect(field('Megszólítás')).toHaveProperty('value', 'MRS');
    expect(field('Keresztnév')).toHaveProperty('value', 'Anna');
    expect(screen.getByRole('checkbox', { name: /személyre szabott/ })).toHaveProperty('checked', false);
  });

  test.each([
    ['no token', '/hu/newsletter/preferences/', { status: 200, body: anna }],
    ['an unknown or spent token', '/hu/newsletter/preferences/?token=x', { status: 404 }],
    ['an expired token', '/hu/newsletter/preferences/?token=x', { status: 410 }],
    [
      "a pending sign-up's confirmation token",
      '/hu/newsletter/preferences/?token=x',
      { status: 200, body: subscriberFixture({ status: 'WAITING_FOR_DOI' }) },
    ],
  ])('%s gets a message of its own, not a sign-up form', async (_name, path, answer) => {
    window.history.replaceState({}, '', path);
    service({ GET: [answer] });
    render(<NewsletterPreferences {...props()} />);
    await expectLinkInvalid();
    expect(screen.queryByRole('button', { name: 'Leiratkozom' })).toBeNull();
  });

  test("the server's answer for a spent link (after an unsubscribe, a lapse or an erasure) is the same message", async () => {
    const calls = service({});
    render(<NewsletterPreferences {...props()} answer={{ outcome: 'invalid' }} />);
    await expectLinkInvalid();
    expect(calls).toEqual([]);
  });

  test.each([
    ['an unsubscribe', { outcome: 'unsubscribed', email: 'anna@example.com' }, 'Leiratkozott a hírlevélről'],
    ['an erasure', { outcome: 'erased' }, huText['newsletter.preferences.erasedHeading']],
  ] as const)(
    "the server's answer of %s, hydrated, moves neither the scroll nor the focus",
    async (_name, answer, heading) => {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
      const calls = service({});
      const scrolls = vi.spyOn(Element.prototype, 'scrollIntoView');
      onTestFinished(() => scrolls.mockRestore());
      const container = await expectHydratesCleanly(<NewsletterPreferences {...props()} answer={answer} />);
      expect(container.querySelector('[role="status"]')?.textContent).toContain(heading);
      // The page arrived showing it (a plain form's answer): a notice that moved as the script arrived would move
      // what the reader is about to tap.
      expect(scrolls).not.toHaveBeenCalled();
      expect(document.activeElement).toBe(document.body);
      expect(calls).toEqual([]);
    },
  );

  test('a failed load is not an invalid link: it says so and loads again on request', async () => {
    service({ GET: ['network', { status: 200, body: anna }] });
    render(<NewsletterPreferences {...props()} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Beállításait most nem tudjuk betölteni. Kérjük, próbálja újra később.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Újrapróbálkozás' }));
    expect(await screen.findByText('anna@example.com')).toBeTruthy();
  });

  test('the server HTML (waiting for the subscription) hydrates cleanly', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    await expectHydratesCleanly(<NewsletterPreferences {...props()} />);
  });
});

describe('NewsletterPreferences: saving', () => {
  test("checks the shop's rules first: an emptied mandatory name is refused and focused, nothing is sent", async () => {
    const calls = service({ GET: [{ status: 200, body: anna }] });
    render(<NewsletterPreferences {...props()} />);
    await screen.findByText('anna@example.com');
    await userEvent.clear(field('Keresztnév'));
    await save();
    expect(field('Keresztnév').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Keresztnév'));
    expect(screen.getByText('A keresztnév megadása kötelező.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  test('sends the update, says it is saved, and shows what the service stored', async () => {
    const calls = service({
      GET: [{ status: 200, body: anna }],
      PUT: [{ status: 200, body: subscriberFixture({ firstName: 'Győző', consents: ['DNE'] }) }],
    });
    render(<NewsletterPreferences {...props()} />);
    await screen.findByText('anna@example.com');
    await userEvent.clear(field('Keresztnév'));
    await userEvent.type(field('Keresztnév'), ' Győző ');
    await userEvent.click(screen.getByRole('checkbox', { name: /személyre szabott/ }));
    await save();
    expect((await screen.findByText('Módosításait elmentettük.')).closest('[role="status"]')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      body: { salutation: 'MRS', firstName: 'Győző', lastName: 'Nagy', consents: ['DNE'] },
    });
    expect(field('Keresztnév')).toHaveProperty('value', 'Győző');
    // A further change makes "saved" untrue: the notice goes.
    await userEvent.type(field('Vezetéknév'), 'x');
    expect(screen.queryByText('Módosításait elmentettük.')).toBeNull();
  });

  test("the service's field errors land on the fields; other refusals and failures get the banner, keeping what was typed", async () => {
    service({
      GET: [{ status: 200, body: anna }],
      PUT: [
        {
          status: 400,
          body: {
            type: 'urn:newsletter:invalid_request',
            errors: { lastName: ['newsletter.error.invalidCharacters'] },
          },
        },
        { status: 400, body: { type: 'urn:newsletter:invalid_request', errors: { consents: ['bad'] } } },
        { status: 503 },
      ],
    });
    render(<NewsletterPreferences {...props()} />);
    await screen.findByText('anna@example.com');
    await save();
    expect(await screen.findByText('Ez a mező nem megengedett karaktereket tartalmaz.')).toBeTruthy();
    expect(document.activeElement).toBe(field('Vezetéknév'));
    await save();
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe(
      'Technikai okok miatt nem tudtuk elmenteni a módosításait. Kérjük, próbálja újra később.',
    );
    await userEvent.type(field('Keresztnév'), 'ka');
    await save();
    expect((await screen.findByRole('alert')).textContent).toContain('Technikai okok miatt');
    expect(field('Keresztnév')).toHaveProperty('value', 'Annaka');
  });

  test('a shop without personal fields shows only the DNE consent and never erases stored names', async () => {
    window.history.replaceState({}, '', '/de/newsletter/preferences/?token=t');
    const calls = service({
      GET: [{ status: 200, body: anna }],
      PUT: [{ status: 200, body: subscriberFixture({ consents: ['DNE'] }) }],
    });
    render(<NewsletterPreferences {...props(de)} />);
    await screen.findByText('anna@example.com');
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryByRole('combobox')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: /Angebote erhalten, die zu mir passen/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await screen.findByText('Ihre Änderungen sind gespeichert.');
    expect(calls.at(-1)?.body).toEqual({ salutation: 'MRS', firstName: 'Anna', lastName: 'Nagy', consents: ['DNE'] });
  });

  test('a link that died meanwhile (unsubscribed elsewhere) turns the page into the invalid-link state', async () => {
    service({ GET: [{ status: 200, body: anna }], PUT: [{ status: 404 }] });
    render(<NewsletterPreferences {...props()} />);
    await screen.findByText('anna@example.com');
    await save();
    await expectLinkInvalid();
  });
});

describe('NewsletterPreferences: unsubscribing', () => {
  test('one click ends it: one DELETE even for a double click, the outcome announced and focused, a sign-up offered again', async () => {
    const calls = service({ GET: [{ status: 200, body: anna }], DELETE: [{ status: 204 }] });
    render(<NewsletterPreferences {...props()} />);
    await screen.findByText('anna@example.com');
    // Two clicks in the same task, before React re-renders the button as busy.
    const button = screen.getByRole('button', { name: 'Leiratkozom' });
    await act(async () => {
      button.click();
      button.click();
    });
    const notice = await screen.findByText('Leiratkozott a hírlevélről');
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      {
        method: 'DELETE',
        url: `${window.location.origin}/service/newsletter/api/internal/newsletter-subscribers/tok%2B1`,
        body: {},
      },
    ]);
    const box = notice.closest<HTMLElement>('.newsletter-success')!;
    expect(document.activeElement).toBe(box);
    expect(within(box).getByText('anna@example.com')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Iratkozzon fel újra' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'E-mail-cím' })).toHaveProperty('value', 'anna@example.com');
  });

  test('a failure says so and keeps the button for another try; a dead link gets the invalid-link state', async () => {
    service({ GET: [{ status: 200, body: anna }], DELETE: ['network', { status: 404 }] });
    render(<NewsletterPreferences {...props()} />);
    await screen.findByText('anna@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Leiratkozom' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Technikai okok miatt a hírlevélről most nem lehet leiratkozni. Kérjük, próbálja újra később.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Leiratkozom' }));
    await expectLinkInvalid();
  });
});

/** The page as the server rendered it for Anna's subscription, not hydrated yet. */
function serverRenderedPage() {
  const stored = { salutation: 'MRS', firstName: 'Anna', lastName: 'Nagy', consents: [] } as const;
  const answer: PreferencesAnswer = {
    outcome: 'ready',
    email: 'anna@example.com',
    stored: { ...stored, consents: [] },
    values: { ...stored, consents: [] },
    errors: {},
  };
  const element = <NewsletterPreferences {...props()} answer={answer} />;
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  return { element, container };
}

describe('NewsletterPreferences: the server-rendered form', () => {
  test('what was typed before the island hydrated is kept: an emptied name is refused, not saved back', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const calls = service({ PUT: [{ status: 200, body: anna }] });
    const { element, container } = serverRenderedPage();
    // The subscriber empties the first name while the island's code is still on its way.
    within(container).getByRole<HTMLInputElement>('textbox', { name: 'Keresztnév' }).value = '';
    await act(async () => {
      hydrateRoot(container, element);
    });
    expect(field('Keresztnév')).toHaveProperty('value', '');
    await save();
    expect(screen.getByText('A keresztnév megadása kötelező.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    container.remove();
  });

  test('a click on Unsubscribe that makes React hydrate at once still unsubscribes (no click lost to hydration)', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const calls = service({ DELETE: [{ status: 204 }] });
    const { element, container } = serverRenderedPage();
    // As Astro hydrates: in a transition. The click comes before that work ran, so React hydrates synchronously for
    // it and hands it the click before any passive effect of the hydration has run.
    startTransition(() => {
      hydrateRoot(container, element);
    });
    within(container).getByRole('button', { name: 'Leiratkozom' }).click();
    await vi.waitFor(() => expect(calls.map((call) => call.method)).toEqual(['DELETE']));
    await vi.waitFor(() => expect(within(container).getByText('Leiratkozott a hírlevélről')).toBeTruthy());
    container.remove();
  });
});
