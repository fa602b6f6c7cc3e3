import { translationsFor } from '../../src/shared/i18n.ts';
import { uniqueEmail } from '../newsletter-helpers.ts';
import { expect, test, widths, type Site } from './support/fixtures.ts';

// The sign-up in Firefox and WebKit (docs/commands.md#cross-engine-suite): the first click held and replayed, at a
// phone's and a desktop's width (where the button is and when the code arrives differ), and the HU and TR rule sets,
// each at one width (HU a phone's, TR a desktop's): the rules are the island's logic, the same at every width, and the
// form's layout at both widths is signup-layout.spec.ts's and the Chromium tests'. A plain sign-up with one POST starts the subscriber's journey
// (journey.spec.ts). Every test also checks that no page it passed through logged an error or broke its CSP
// (support/fixtures.ts).

const SIGN_UP = '/newsletter-subscribers';
const field = (name: string) => `#newsletter [name="${name}"]`;
const submit = '#newsletter button[type="submit"]';

/** Picks an option of a native select: its value, then the events a choice fires. */
async function choose(site: Site, selector: string, value: string): Promise<void> {
  await site.page.evaluate(
    (select, option) => {
      const element = document.querySelector<HTMLSelectElement>(select)!;
      element.value = option;
      element.dispatchEvent(new Event('input', { bubbles: true }));
      element.dispatchEvent(new Event('change', { bubbles: true }));
    },
    selector,
    value,
  );
}

async function untilSuccessFor(site: Site, email: string): Promise<void> {
  try {
    await site.until(
      `the success message for ${email}`,
      (address) =>
        [...document.querySelectorAll('#newsletter [role="status"]')].some((status) =>
          status.textContent?.includes(address),
        ),
      email,
    );
  } catch (error) {
    // What the form shows instead: its alerts and the fields it marks.
    const state = await site.page.evaluate(() => ({
      alerts: [...document.querySelectorAll('#newsletter [role="alert"]')].map((alert) => alert.textContent),
      invalid: [...document.querySelectorAll('#newsletter [aria-invalid="true"]')].map((element) =>
        element.getAttribute('name'),
      ),
    }));
    throw new Error(
      `${(error as Error).message}; sign-up POSTs: ${site.posts(SIGN_UP)}; the form shows ${JSON.stringify(state)}`,
    );
  }
}

const invalidFields = (site: Site) =>
  site.page.evaluate(() =>
    [...document.querySelectorAll('#newsletter [aria-invalid="true"]')].map((element) => element.getAttribute('name')),
  );

for (const width of widths) {
  test(`a click on Subscribe as the very first interaction at ${width} px is held, then replayed once`, async ({
    site,
  }) => {
    // The island's code is held back until the click has certainly landed.
    const release = site.hold(/\/_astro\/NewsletterSignup\.[\w-]+\.js$/);
    await site.open('/de/', width);
    const email = uniqueEmail('engine-first');
    await site.page.evaluate(
      (selector, address) => {
        const island = document.querySelector('#newsletter astro-island')!;
        const seen: boolean[] = [];
        (window as unknown as { submitsWhileServerHtml: boolean[] }).submitsWhileServerHtml = seen;
        // Before the directive's own listener: every submit, and whether the island was still the server's HTML.
        addEventListener('submit', () => seen.push(island.hasAttribute('ssr')), true);
        // The browser's autofill: the address is there without a key press or focus.
        document.querySelector<HTMLInputElement>(selector)!.value = address;
      },
      field('newsletterEmail'),
      email,
    );
    await site.click(submit);
    const submits = () =>
      site.page.evaluate(() => (window as unknown as { submitsWhileServerHtml: boolean[] }).submitsWhileServerHtml);
    await site.until(
      "the click's submit",
      () => (window as unknown as { submitsWhileServerHtml: boolean[] }).submitsWhileServerHtml.length > 0,
    );
    expect(await submits(), 'held while the island was server HTML').toEqual([true]);
    expect(site.posts(SIGN_UP)).toBe(0);
    release();
    await untilSuccessFor(site, email);
    expect(await submits(), 'replayed once, after hydration').toEqual([true, false]);
    expect(site.posts(SIGN_UP)).toBe(1);
  });
}

const [phone, desktop] = widths;

test(`HU at ${phone} px: salutation and names are required, said in Hungarian, then one POST`, async ({ site }) => {
  await site.open('/hu/', phone);
  const email = uniqueEmail('engine-hu');
  await site.typeInto(field('newsletterEmail'), email);
  await site.click(submit);
  await site.until(
    'the missing fields marked',
    () => document.querySelectorAll('#newsletter [aria-invalid="true"]').length === 3,
  );
  expect(await invalidFields(site)).toEqual(['salutation', 'firstName', 'lastName']);
  expect(
    await site.page.evaluate(() => document.activeElement?.getAttribute('name')),
    'the first missing field has focus',
  ).toBe('salutation');
  const text = await site.page.evaluate(() => document.querySelector('#newsletter')!.textContent);
  const hu = translationsFor('hu-HU');
  for (const key of [
    'newsletter.error.salutationRequired',
    'newsletter.error.firstNameRequired',
    'newsletter.error.lastNameRequired',
  ] as const)
    expect(text).toContain(hu(key));
  expect(site.posts(SIGN_UP)).toBe(0);

  await site.until('the salutation field', (select) => document.querySelector(select) !== null, field('salutation'));
  await choose(site, field('salutation'), 'MRS');
  await site.typeInto(field('firstName'), 'Anna');
  await site.typeInto(field('lastName'), 'Kovács');
  await site.click(submit);
  await untilSuccessFor(site, email);
  expect(site.posts(SIGN_UP)).toBe(1);
});

test(`TR at ${desktop} px: no sign-up without the commercial message consent, then one POST`, async ({ site }) => {
  await site.open('/tr/', desktop);
  const email = uniqueEmail('engine-tr');
  await site.typeInto(field('newsletterEmail'), email);
  await site.typeInto(field('firstName'), 'Şule');
  await site.typeInto(field('lastName'), 'Yılmaz');
  await site.click(submit);
  await site.until(
    'the consent marked missing',
    () => document.querySelector('#newsletter [name="legals"]')?.getAttribute('aria-invalid') === 'true',
  );
  expect(await invalidFields(site)).toEqual(['legals']);
  expect(await site.page.evaluate(() => document.querySelector('#newsletter')!.textContent)).toContain(
    translationsFor('tr-TR')('newsletter.error.commercialConsentRequired'),
  );
  expect(site.posts(SIGN_UP)).toBe(0);

  await site.click('#newsletter input[name="legals"][value="NEWSLETTER"]');
  expect(
    await site.page.evaluate(
      () => document.querySelector<HTMLInputElement>('#newsletter input[name="legals"]')!.checked,
    ),
    'the consent given',
  ).toBe(true);
  await site.click(submit);
  await untilSuccessFor(site, email);
  expect(site.posts(SIGN_UP)).toBe(1);
});
