import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import * as v from 'valibot';
import { shops } from '../countries.ts';
import { emptyFormValues, validateNewsletterForm } from './formSchema.ts';
import { NAME_MAX_LENGTH, nameSchema, subscriberCreateRequestSchema } from './subscriberSchema.ts';

// Input hygiene of names and origins (docs/newsletter.md#validation): what a form never shows must not be stored.

/** Characters a name must never hold: controls, line and paragraph separators, format characters, Hangul fillers. */
const forbidden = [
  '\r',
  '\n',
  '\t',
  '\v',
  '\f',
  '\0',
  '\u0085',
  '\u007F',
  '\u2028',
  '\u2029',
  '\uFEFF',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u202E',
  '\u2066',
  '\u00AD',
  '\u3164',
  '\u115F',
  '\u1160',
  '\uFFA0',
];
const INVALID = 'newsletter.error.invalidCharacters';
const messageOf = (value: string) => v.safeParse(nameSchema, value).issues?.[0]?.message;

const letters = fc.constantFrom(...'aäöüßéřšžőűşğıİłźćąαжщ中あ'.split(''));
/** A name of 1–12 letters: the part around which forbidden characters are put. */
const word = fc.string({ unit: letters, minLength: 1, maxLength: 12 });

describe('names refuse invisible and control characters', () => {
  test.prop([word, fc.constantFrom(...forbidden), word])(
    'a forbidden character inside a name is refused',
    (before, bad, after) => {
      expect(messageOf(`${before}${bad}${after}`)).toBe(INVALID);
    },
  );

  test.prop([fc.string({ maxLength: NAME_MAX_LENGTH })])(
    'whatever is accepted holds no control, format or separator character and a letter',
    (value) => {
      const result = v.safeParse(nameSchema, value);
      if (!result.success || result.output === '') return;
      expect(result.output).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/u);
      expect(result.output).toMatch(/\p{L}/u);
    },
  );

  test.each([
    ['a lone full stop', '.'],
    ['punctuation only', "-'/"],
    ['digits only', '1234'],
    ['a Hangul filler', '\u3164'],
    ['Hangul fillers with a space', '\u115F \u1160'],
    ['a combining mark alone', '\u0301'],
    ['combining marks alone', '\u0308\u0301\u0327'],
    ['a combining mark after a space', 'Anna \u0301'],
  ])('%s is refused', (_what, value) => {
    expect(messageOf(value)).toBe(INVALID);
  });

  test.each([
    ['CR/LF', 'Anna\r\nMaria'],
    ['a tab', 'Anna\tMaria'],
    ['a line separator', 'Anna\u2028Maria'],
    ['a right-to-left override', 'Anna\u202Eairam'],
  ])('%s inside a name is refused', (_what, value) => {
    expect(messageOf(value)).toBe(INVALID);
  });

  test.each(['bit.ly', 'evil.co', 'Anna x.ly', 'Anna.Coöper.co', 'deals.shop', 'promo.me'])(
    '"%s" reads as a link and is refused',
    (value) => {
      expect(messageOf(value)).toBe(INVALID);
    },
  );
});

describe('HU "required" wants a real name', () => {
  const hu = shops.find((shop) => shop.code === 'HU')!.newsletter;
  test.each(['.', '\u3164', '\u0301', ' . '])('"%s" as first and last name does not pass', (name) => {
    const result = validateNewsletterForm(hu, {
      ...emptyFormValues(),
      newsletterEmail: 'a@example.com',
      salutation: 'MRS',
      firstName: name,
      lastName: name,
    });
    expect(result.success).toBe(false);
    expect(!result.success && result.errors).toEqual({ firstName: expect.any(String), lastName: expect.any(String) });
  });
});

describe('real names still sign up in all nine shops', () => {
  const names = [
    'Zoë',
    'Ağaoğlu',
    'Đorđe',
    'Nagy-Kovács',
    "O'Brien",
    'Müller-Lüdenscheidt',
    'Łukasz',
    'Ščasná',
    'Zoe\u0308',
    "Jean-Luc d'Arc",
    'Anna\u00A0Maria',
    'Brändli & Co.',
    'J. R. R. Tolkien',
    'Louis XIV',
  ];
  test.each(shops.map((shop) => [shop.code, shop] as const))('%s', (_code, shop) => {
    for (const name of names) {
      const result = validateNewsletterForm(shop.newsletter, {
        ...emptyFormValues(),
        newsletterEmail: 'a@example.com',
        salutation: 'MRS',
        firstName: name,
        lastName: name,
        legals: ['NEWSLETTER'],
      });
      expect(result.success, name).toBe(true);
      if (result.success && shop.newsletter.showsPersonalFields) expect(result.request.firstName).toBe(name);
    }
  });
});

describe('origin and originAddition', () => {
  const request = (origin: string, originAddition = 'subsite') =>
    v.safeParse(subscriberCreateRequestSchema, { email: 'a@example.com', consents: [], origin, originAddition });
  test.each([
    ['NUL', 'onsite\0'],
    ['a right-to-left override', 'on\u202Esite'],
    ['CR/LF', 'onsite\r\nX-Injected: 1'],
    ['HTML', '<img src=x onerror=alert(1)>'],
    ['a tab', 'on\tsite'],
    ['a byte order mark', '\uFEFFonsite'],
  ])('%s is refused in both fields', (_what, value) => {
    for (const result of [request(value), request('onsite', value)]) {
      expect(result.success).toBe(false);
      expect(result.issues?.[0]?.message).toBe(INVALID);
    }
  });

  test.prop([fc.string({ maxLength: 64 })])(
    'whatever is accepted is ASCII letters, digits, space and _ . : / # + -',
    (value) => {
      const result = request(value, value);
      expect(result.success).toBe(/^[\w .:/#+-]*$/.test(value));
    },
  );

  test.each(['onsite', 'subsite', 'footer', 'home', 'checkout:thank-you', 'app/v2#teaser_1'])(
    '"%s" is accepted',
    (value) => {
      expect(request(value, value).success).toBe(true);
    },
  );
});
