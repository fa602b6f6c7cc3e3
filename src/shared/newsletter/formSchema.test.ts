import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { shopByCode, shops } from '../countries.ts';
import { emptyFormValues, showsExtraFields, validateNewsletterForm, type NewsletterFormValues } from './formSchema.ts';
import { EMAIL_MAX_LENGTH, emailSchema, nameSchema, NAME_MAX_LENGTH } from './subscriberSchema.ts';

const rules = (code: string) => shopByCode(code)!.newsletter;
const form = (values: Partial<NewsletterFormValues>): NewsletterFormValues => ({ ...emptyFormValues(), ...values });

// Real names as they are written in the nine shops' languages.
const namesByLanguage = {
  German: ['Jürgen', 'Müller-Lüdenscheidt', 'Weiß', 'Zoë'],
  French: ['Éloïse', 'François', "d'Alembert", 'Lefèvre'],
  Czech: ['Řehoř', 'Dvořák', 'Šťastná', 'Jiří'],
  Hungarian: ['Erdős', 'Győző', 'Kovács Áron', 'Szőke'],
  Slovak: ['Ľubomír', 'Ďurčo', 'Štefánik', 'Ťažký'],
  Turkish: ['Şule', 'Yılmaz', 'Çağrı', 'İsmail Öztürk'],
  Polish: ['Łukasz', 'Wójcik', 'Źdźbło', 'Małgorzata Ćwik'],
  Swiss: ['Reto (Firma) AG', 'Brändli & Co.', 'Müller/Meier'],
  Latin: ['Anna-Maria', 'O´Neill', 'J. R. R. Tolkien', 'Louis XIV'],
};

describe('e-mail rule', () => {
  test.each(
    Object.entries({
      '': 'newsletter.error.emailRequired',
      '   ': 'newsletter.error.emailRequired',
      'anna@': 'newsletter.error.emailInvalid',
      'anna.example.com': 'newsletter.error.emailInvalid',
    }),
  )('"%s" is refused with %s', (email, message) => {
    const result = v.safeParse(emailSchema, email);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(message);
  });

  test('every generated valid address up to 256 characters is accepted', () => {
    fc.assert(
      fc.property(
        fc.emailAddress().filter((email) => email.length <= EMAIL_MAX_LENGTH),
        (email) => {
          expect(v.safeParse(emailSchema, email).success, email).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  test.each(["o'neil@example.com", 'a--b@x--y.de', 'first.last+tag@sub.example.co.uk', 'jiri.novak@seznam.cz'])(
    '%s is accepted',
    (email) => {
      expect(v.safeParse(emailSchema, email).success).toBe(true);
    },
  );

  test.each([
    'anna@example',
    'anna@@example.com',
    'anna.@example.com',
    '.anna@example.com',
    'anna@-example.com',
    'anna @example.com',
    'anna@example.c0m',
  ])('%s is refused as invalid', (email) => {
    expect(v.safeParse(emailSchema, email).issues?.[0]?.message).toBe('newsletter.error.emailInvalid');
  });

  test('an address longer than 256 characters is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: EMAIL_MAX_LENGTH - 11, max: 400 }), (localLength) => {
        const email = `${'a'.repeat(localLength)}@example.com`;
        expect(v.safeParse(emailSchema, email).success).toBe(email.length <= EMAIL_MAX_LENGTH);
      }),
    );
  });
});

describe('name rule', () => {
  test.each(Object.entries(namesByLanguage))('%s names are accepted', (_language, names) => {
    for (const name of names) expect(v.safeParse(nameSchema, name).success, name).toBe(true);
  });

  test('any mix of letters of any script, digits, spaces and the allowed marks up to 40 characters, with a letter, is accepted', () => {
    const unit = fc.constantFrom(..."aäöüßéèçřšžťďľőűşğıİłźćńąęĳøåæαβжщ中文あア0123456789 +&'`´,()/-".split(''));
    const letter = fc.constantFrom(...'aäřşłαж中あ'.split(''));
    fc.assert(
      fc.property(fc.string({ unit, maxLength: NAME_MAX_LENGTH - 1 }), letter, fc.nat(), (rest, first, at) => {
        const position = at % (rest.length + 1);
        const name = rest.slice(0, position) + first + rest.slice(position);
        expect(v.safeParse(nameSchema, name).success, name).toBe(true);
      }),
    );
  });

  test('names longer than 40 characters are refused', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'abcřşł'), minLength: NAME_MAX_LENGTH + 1, maxLength: 120 }),
        (name) => {
          expect(v.safeParse(nameSchema, name).issues?.[0]?.message).toBe('newsletter.error.nameTooLong');
        },
      ),
    );
  });

  test('URL-like and www-like values are refused as invalid characters', () => {
    const host = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/);
    const urlLike = fc.oneof(
      fc.tuple(fc.constantFrom('http://', 'https://', 'ftp://'), host).map(([scheme, h]) => `${scheme}${h}`),
      host.map((h) => `www.${h}`),
      fc.tuple(host, fc.constantFrom('com', 'net', 'org', 'de', 'io', 'ru')).map(([h, tld]) => `${h}.${tld}`),
      fc.tuple(fc.constantFrom('Anna ', 'Jiří '), host).map(([name, h]) => `${name}www.${h}`),
    );
    fc.assert(
      fc.property(urlLike, (value) => {
        expect(v.safeParse(nameSchema, value).issues?.[0]?.message).toBe('newsletter.error.invalidCharacters');
      }),
    );
  });

  test.each(['<script>', 'Anna!', 'a@b', 'Zoë;', 'name_1', '#hash', 'emoji 😀'])(
    '"%s" has invalid characters',
    (value) => {
      expect(v.safeParse(nameSchema, value).issues?.[0]?.message).toBe('newsletter.error.invalidCharacters');
    },
  );
});

describe('form rules per country (docs/newsletter.md#rules-per-shop)', () => {
  test('HU requires salutation, first and last name', () => {
    const result = validateNewsletterForm(rules('HU'), form({ newsletterEmail: 'a@example.com' }));
    expect(result).toEqual({
      success: false,
      errors: {
        salutation: 'newsletter.error.salutationRequired',
        firstName: 'newsletter.error.firstNameRequired',
        lastName: 'newsletter.error.lastNameRequired',
      },
    });
  });

  test('TR requires names and the commercial message consent, not the salutation', () => {
    const result = validateNewsletterForm(rules('TR'), form({ newsletterEmail: 'a@example.com' }));
    expect(result).toEqual({
      success: false,
      errors: {
        firstName: 'newsletter.error.firstNameRequired',
        lastName: 'newsletter.error.lastNameRequired',
        legals: 'newsletter.error.commercialConsentRequired',
      },
    });
    const ok = validateNewsletterForm(
      rules('TR'),
      form({ newsletterEmail: 'a@example.com', firstName: 'Şule', lastName: 'Yılmaz', legals: ['NEWSLETTER'] }),
    );
    expect(ok.success).toBe(true);
    // The ticked legal checkbox goes along, so the service can check the same rule.
    expect(ok.success && ok.request.legals).toEqual(['NEWSLETTER']);
  });

  test('AT shows optional personal fields; their content is still checked', () => {
    expect(validateNewsletterForm(rules('AT'), form({ newsletterEmail: 'a@example.com' })).success).toBe(true);
    expect(
      validateNewsletterForm(rules('AT'), form({ newsletterEmail: 'a@example.com', lastName: 'www.x.at' })),
    ).toEqual({
      success: false,
      errors: { lastName: 'newsletter.error.invalidCharacters' },
    });
  });

  test('shops without personal fields ignore and never send them', () => {
    for (const shop of shops.filter((s) => !s.newsletter.showsPersonalFields)) {
      const result = validateNewsletterForm(
        shop.newsletter,
        form({ newsletterEmail: 'a@example.com', firstName: 'http://x', salutation: 'MR' }),
      );
      expect(result).toEqual({
        success: true,
        request: { email: 'a@example.com', consents: [], origin: 'onsite', originAddition: 'subsite' },
      });
    }
  });

  test('the request carries salutation and names only when non-empty, consents, and overridable origin', () => {
    const result = validateNewsletterForm(
      rules('AT'),
      form({ newsletterEmail: ' a@example.com ', email: '', firstName: 'Jürgen', consents: ['DNE'] }),
      { origin: 'footer', originAddition: 'home' },
    );
    expect(result).toEqual({
      success: true,
      request: {
        email: 'a@example.com',
        firstName: 'Jürgen',
        consents: ['DNE'],
        origin: 'footer',
        originAddition: 'home',
      },
    });
  });

  test('extra fields appear on a value, on a country-relevant personal field, or once the e-mail had focus', () => {
    expect(showsExtraFields(rules('DE'), form({}), false)).toBe(false);
    expect(showsExtraFields(rules('DE'), form({}), true)).toBe(true);
    expect(showsExtraFields(rules('DE'), form({ newsletterEmail: 'a' }), false)).toBe(true);
    expect(showsExtraFields(rules('DE'), form({ firstName: 'Anna' }), false)).toBe(false);
    expect(showsExtraFields(rules('HU'), form({ firstName: 'Anna' }), false)).toBe(true);
  });
});
