import { translationsFor } from '../../src/shared/i18n.ts';
import { confirmationLinkFor, uniqueEmail, welcomeMailFor } from '../newsletter-helpers.ts';
import { expect, test, widths } from './support/fixtures.ts';

// The subscriber's journey from the sign-up in Firefox and WebKit, at a phone's width
// (docs/newsletter.md#the-preferences-page): an address typed at once signs up with one POST, the link from the
// confirmation mail confirms, the confirmation page leads to the preferences page, a change is saved and still there
// after a reload, and one button unsubscribes. One width: the flow is the same at every width; the pages' layout at
// both widths is the Chromium tests', the sign-up form's also signup-layout.spec.ts's. The fixture fails the test on any console error, failed load or CSP
// violation on the way. The checks run in the page, so each is whole in itself.

// Austria shows the optional name fields, so a change can be typed as well as ticked.
const at = translationsFor('de-AT');
const WRITE = /\/newsletter-subscribers\/[^/?]+$/;
// The preferences page is server-rendered with the subscription; its island sends the PUT and the DELETE once it has
// hydrated, before that its buttons post the page's plain forms (tests/newsletter-no-js-subscriber.spec.ts).
const PREFERENCES_ISLAND = 'astro-island:has(.newsletter-preferences)';
const hydrated = (selector: string) => {
  const island = document.querySelector(selector);
  return island !== null && !island.hasAttribute('ssr');
};

const width = widths[0];

test(`a subscriber at ${width} px confirms, changes a name and a consent, and unsubscribes`, async ({ site }) => {
  test.setTimeout(90_000);
  await site.open('/at/', width);
  const email = uniqueEmail('engine-journey');
  // Typed at once: what reaches the field before the island has hydrated is kept.
  await site.typeInto('#newsletter [name="newsletterEmail"]', email);
  await site.click('#newsletter button[type="submit"]');
  await site.until(
    "the sign-up's success message",
    (selector, address) => document.querySelector(selector)?.textContent?.includes(address),
    '#newsletter [role="status"]',
    email,
  );
  expect(site.posts('/newsletter-subscribers'), 'one sign-up POST').toBe(1);

  const confirmation = await confirmationLinkFor(email);
  await site.open(confirmation.pathname + confirmation.search, width);
  // Only the press confirms (docs/newsletter.md#double-opt-in).
  await site.click('.newsletter-confirm button[type="submit"]');
  await site.until(
    'the confirmation',
    (heading) =>
      [...document.querySelectorAll('[role="status"]')].some((status) => status.textContent?.includes(heading)),
    at('newsletter.confirm.successHeading'),
  );
  await site.click('a[href*="/newsletter/preferences/"]');
  const subscribedAs = at('newsletter.preferences.subscribedAs', { email });
  await site.until(
    'the preferences page for the address',
    (selector, text) => document.querySelector(selector)?.textContent === text,
    '.newsletter-preferences__address',
    subscribedAs,
  );
  // The welcome mail was queued by the confirmation and links the same page.
  const welcome = await welcomeMailFor(email);
  expect(await site.page.evaluate(() => location.pathname + location.search)).toBe(
    welcome.link.pathname + welcome.link.search,
  );

  await site.until('the preferences island hydrated', hydrated, PREFERENCES_ISLAND);
  const firstName = '.newsletter-preferences__form [name="firstName"]';
  const dne = '.newsletter-preferences__form input[name="consents"][value="DNE"]';
  await site.typeInto(firstName, 'Erika');
  await site.click(dne);
  await site.click('.newsletter-preferences__form button[type="submit"]');
  await site.until(
    'the saved notice',
    (selector, text) => document.querySelector(selector)?.textContent?.includes(text),
    '.newsletter-preferences__form',
    at('newsletter.preferences.saved'),
  );
  expect(site.sent('PUT', WRITE)).toBe(1);
  await site.open(welcome.link.pathname + welcome.link.search, width);
  await site.until(
    'the saved first name and consent after a reload',
    (name, consent) =>
      document.querySelector<HTMLInputElement>(name)?.value === 'Erika' &&
      document.querySelector<HTMLInputElement>(consent)?.checked === true,
    firstName,
    dne,
  );

  await site.until('the preferences island hydrated again', hydrated, PREFERENCES_ISLAND);
  await site.click('.newsletter-preferences__unsubscribe button');
  await site.until(
    'the unsubscribed notice',
    (selector, heading, address) => {
      const text = document.querySelector(selector)?.textContent ?? '';
      return text.includes(heading) && text.includes(address);
    },
    '.newsletter-success',
    at('newsletter.preferences.unsubscribedHeading'),
    email,
  );
  expect(site.sent('DELETE', WRITE)).toBe(1);
});
