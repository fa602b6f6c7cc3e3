import { describe, expect, test } from 'vitest';
import { shopByCode } from '../countries.ts';
import { subscriberFixture } from '../fixtures/subscriberFixture.ts';
import {
  preferencesErrorsOf,
  preferencesOf,
  validatePreferences,
  validatePreferencesField,
  type PreferencesFormValues,
} from './preferencesSchema.ts';

const rules = (code: string) => shopByCode(code)!.newsletter;
const values = (change: Partial<PreferencesFormValues> = {}): PreferencesFormValues => ({
  salutation: '',
  firstName: '',
  lastName: '',
  consents: [],
  ...change,
});

describe('validatePreferences: the sign-up rules per shop', () => {
  test('HU needs salutation and both names, with the sign-up messages', () => {
    expect(validatePreferences(rules('HU'), values())).toEqual({
      success: false,
      errors: {
        salutation: 'newsletter.error.salutationRequired',
        firstName: 'newsletter.error.firstNameRequired',
        lastName: 'newsletter.error.lastNameRequired',
      },
    });
  });

  test('TR needs both names but no salutation; AT needs nothing', () => {
    expect(validatePreferences(rules('TR'), values({ firstName: 'Şule' }))).toEqual({
      success: false,
      errors: { lastName: 'newsletter.error.lastNameRequired' },
    });
    expect(validatePreferences(rules('AT'), values()).success).toBe(true);
  });

  test('names follow the sign-up character and length rules', () => {
    expect(validatePreferences(rules('AT'), values({ firstName: 'www.spam.com', lastName: 'A'.repeat(41) }))).toEqual({
      success: false,
      errors: { firstName: 'newsletter.error.invalidCharacters', lastName: 'newsletter.error.nameTooLong' },
    });
  });

  test('the request leaves empty fields out and trims names', () => {
    expect(validatePreferences(rules('AT'), values({ firstName: '  Jürgen ', consents: ['DNE'] }))).toEqual({
      success: true,
      request: { firstName: 'Jürgen', consents: ['DNE'] },
    });
    expect(
      validatePreferences(rules('HU'), values({ salutation: 'MR', firstName: 'Győző', lastName: 'Erdős' })),
    ).toEqual({
      success: true,
      request: { salutation: 'MR', firstName: 'Győző', lastName: 'Erdős', consents: [] },
    });
  });

  test('a shop without personal fields sends back what was stored, so saving there never erases names', () => {
    const stored = values({ salutation: 'MRS', firstName: 'Anna', lastName: 'Nagy', consents: ['DNE'] });
    expect(validatePreferences(rules('DE'), values({ firstName: 'ignored', consents: [] }), stored)).toEqual({
      success: true,
      request: { salutation: 'MRS', firstName: 'Anna', lastName: 'Nagy', consents: [] },
    });
    expect(validatePreferences(rules('DE'), values({ consents: ['DNE'] }))).toEqual({
      success: true,
      request: { consents: ['DNE'] },
    });
  });

  test('one field on its own (blur) reports only its own error', () => {
    expect(validatePreferencesField(rules('HU'), values({ firstName: 'Anna' }), 'firstName')).toBeUndefined();
    expect(validatePreferencesField(rules('HU'), values({ firstName: 'Anna' }), 'lastName')).toBe(
      'newsletter.error.lastNameRequired',
    );
  });
});

describe('preferencesOf', () => {
  test('turns a stored subscriber into form values, missing values empty', () => {
    expect(preferencesOf(subscriberFixture({ salutation: null, lastName: null, consents: ['DNE'] }))).toEqual(
      values({ firstName: 'Anna', consents: ['DNE'] }),
    );
  });
});

describe('preferencesErrorsOf: the service refused the update', () => {
  test('maps the first message of each shown field and drops the rest', () => {
    const errors = {
      firstName: ['newsletter.error.firstNameRequired', 'x'],
      lastName: 'newsletter.error.lastNameRequired',
      consents: ['bad'],
      site: ['?'],
    };
    expect(preferencesErrorsOf(rules('TR'), errors)).toEqual({
      firstName: 'newsletter.error.firstNameRequired',
      lastName: 'newsletter.error.lastNameRequired',
    });
  });

  test('nothing is mapped for a shop without personal fields, or for answers of another shape', () => {
    expect(preferencesErrorsOf(rules('DE'), { firstName: ['newsletter.error.firstNameRequired'] })).toEqual({});
    for (const odd of [undefined, null, 'text', [], { firstName: [1] }, { firstName: [''] }])
      expect(preferencesErrorsOf(rules('HU'), odd)).toEqual({});
    expect(preferencesErrorsOf(rules('HU'), JSON.parse('{"__proto__": {"firstName": ["x"]}}'))).toEqual({});
  });
});
