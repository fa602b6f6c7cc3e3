import { describe, expect, test } from 'vitest';
import { shopByCode, shops, type Shop } from '../../src/shared/countries.ts';
import { translationsFor } from '../../src/shared/i18n.ts';
import { uniqueEmail } from '../support/uniqueEmail.ts';
import { follow, submit } from './support/forms.ts';
import { mailJobsTo } from '../support/mailJobs.ts';
import { builtPage, parse, textOf, type HtmlDocument } from './support/site.ts';

// The sign-up without JavaScript in every shop (docs/newsletter.md#plain-form): the built form posted as a browser
// posts it, the server's answers read as pages. A browser submitting it with JavaScript off, and the error summary's
// links moving focus, are in tests/newsletter-no-js-signup.spec.ts.
const confirmation = 'newsletter.confirmation';

/** What the shop's rules require besides the address. */
function required(shop: Shop): Record<string, string | string[]> {
  return {
    ...(shop.newsletter.requiresSalutation ? { salutation: 'MRS' } : {}),
    ...(shop.newsletter.requiresNames ? { firstName: 'Anna', lastName: 'Kovács' } : {}),
    ...(shop.newsletter.requiresCommercialConsent ? { legals: ['NEWSLETTER'] } : {}),
  };
}

const signUpForm = (path: string, scope = '#newsletter') => builtPage(path).querySelector(`${scope} form`)!;
const successIn = (document: HtmlDocument, scope = '#newsletter') => document.querySelector(`${scope} [role="status"]`);

describe.each(shops)('$code without JavaScript', (shop) => {
  test('signs up: the success names the address, which is in no URL; a reload signs up nothing', async () => {
    const t = translationsFor(shop.locale);
    const email = uniqueEmail(`nojs-${shop.segment}`);
    const posted = await submit(signUpForm(`/${shop.segment}/`), { newsletterEmail: email, ...required(shop) });
    expect(posted.status).toBe(303);
    const answer = await follow(posted);
    expect(answer.location).toBe(`/${shop.segment}/newsletter/sign-up/#newsletter`);
    expect(answer.response.status).toBe(200);
    const success = successIn(answer.document);
    expect(textOf(success)).toContain(t('newsletter.success.heading'));
    expect(textOf(success)).toContain(email);
    for (const url of [answer.location, posted.headers.get('location')!])
      expect(url).not.toMatch(new RegExp(`${email}|${encodeURIComponent(email)}`));
    expect(mailJobsTo(email)).toEqual({ [confirmation]: 1 });

    // A reload is a GET of the same answer: shown again, nothing stored or sent again.
    const again = await follow(posted);
    expect(textOf(successIn(again.document))).toContain(email);
    expect(mailJobsTo(email)).toEqual({ [confirmation]: 1 });
  });
});

test('HU: missing salutation and names come back in Hungarian, with the error summary, the values kept, nothing sent', async () => {
  const t = translationsFor(shopByCode('HU')!.locale);
  const email = uniqueEmail('nojs-hu-missing');
  const answer = await submit(signUpForm('/hu/'), { newsletterEmail: email, firstName: 'Anna' });
  expect(answer.status).toBe(400);
  const document = parse(await answer.text());
  const home = t('home.title', { country: t('shop.country') });
  expect(textOf(document.querySelector('title'))).toBe(t('page.errorTitle', { title: home }));
  const summary = document.querySelector('#newsletter .ui-error-summary')!;
  expect(textOf(summary.querySelector('h2, h3'))).toBe(t('newsletter.errorSummary.title'));
  const links = [...summary.querySelectorAll('a')];
  expect(links.map(textOf)).toEqual([t('newsletter.error.salutationRequired'), t('newsletter.error.lastNameRequired')]);
  for (const link of links) {
    const field = document.getElementById(link.getAttribute('href')!.slice(1))!;
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = field.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => textOf(document.getElementById(id))).join(' ')).toContain(textOf(link));
  }
  const form = document.querySelector('#newsletter form')!;
  expect(form.querySelector('input[name="newsletterEmail"]')!.getAttribute('value')).toBe(email);
  expect(form.querySelector('input[name="firstName"]')!.getAttribute('value')).toBe('Anna');
  expect(mailJobsTo(email)).toEqual({});
});

test('TR: without the commercial message consent the server says so in Turkish, on the field and in the summary', async () => {
  const t = translationsFor(shopByCode('TR')!.locale);
  const email = uniqueEmail('nojs-tr-consent');
  const answer = await submit(signUpForm('/tr/'), { newsletterEmail: email, firstName: 'Şule', lastName: 'Yılmaz' });
  expect(answer.status).toBe(400);
  const document = parse(await answer.text());
  const message = t('newsletter.error.commercialConsentRequired');
  expect([...document.querySelectorAll('#newsletter .ui-error-summary a')].map(textOf)).toEqual([message]);
  expect(document.querySelector('#newsletter input[name="legals"]')!.getAttribute('aria-invalid')).toBe('true');
  expect(document.querySelector('#newsletter input[name="firstName"]')!.getAttribute('value')).toBe('Şule');
  expect(mailJobsTo(email)).toEqual({});
});

test("the footer's form answers on its own page, in the footer", async () => {
  const t = translationsFor(shopByCode('DE')!.locale);
  const email = uniqueEmail('nojs-footer');
  const posted = await submit(signUpForm('/de/service/', '#newsletter-footer'), { newsletterEmail: email });
  const answer = await follow(posted);
  expect(answer.location).toBe('/de/newsletter/sign-up/#newsletter-footer');
  expect(textOf(answer.document.querySelector('h1'))).toBe(t('service.heading'));
  expect(textOf(successIn(answer.document, '#newsletter-footer'))).toContain(email);
});
