import { describe, expect, test } from 'vitest';
import { shops } from '../../shared/countries.ts';
import { consentTexts } from '../../shared/newsletter/consentTexts.ts';
import { signUpProps } from './signUpProps.ts';

describe('signUpProps', () => {
  test.each(shops.map((shop) => [shop.code, shop] as const))(
    '%s: the island gets the consent texts the service hashes, trade name and age filled in',
    (_code, shop) => {
      const { strings } = signUpProps(shop);
      expect(strings).toMatchObject(consentTexts(shop));
      expect(strings['newsletter.consent.commercial']).toContain(shop.tradeName);
      expect(strings['newsletter.legal.notice']).toContain(String(shop.newsletter.minimumAge));
      // Left to fill are only the percentage the island passes on (`percent`) and the address the shopper submits.
      const open = Object.entries(strings)
        .filter(([, text]) => text.includes('{{'))
        .map(([key]) => key);
      expect(open.sort()).toEqual(['newsletter.heading', 'newsletter.success.text', 'newsletter.voucherFootnote']);
    },
  );
});
