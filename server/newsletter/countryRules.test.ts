import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { shopByCode } from '../../src/shared/countries.ts';
import { consentTexts } from '../../src/shared/newsletter/consentTexts.ts';
import { consentTextVersion } from './countryRules.ts';

const tr = shopByCode('TR')!;
const cz = shopByCode('CZ')!;

describe('consentTextVersion (docs/newsletter.md#consent-evidence)', () => {
  test('hashes the consent texts as the form shows them, trade name and age filled in', () => {
    const shown = consentTexts(tr);
    expect(shown['newsletter.consent.commercial']).toContain(tr.tradeName);
    const expected = createHash('sha256').update(JSON.stringify(shown)).digest('hex').slice(0, 16);
    expect(consentTextVersion(tr)).toBe(`sha256:${expected}`);
  });

  test('another trade name is another version: the shopper agreed to messages from a named sender', () => {
    expect(consentTextVersion({ ...tr, tradeName: 'Başka Ticaret A.Ş.' })).not.toBe(consentTextVersion(tr));
  });

  test('another minimum age is another version', () => {
    expect(consentTextVersion({ ...cz, newsletter: { ...cz.newsletter, minimumAge: 16 } })).not.toBe(
      consentTextVersion(cz),
    );
  });
});
