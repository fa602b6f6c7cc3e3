import { describe, expect, test } from 'vitest';
import { shops } from '../shared/countries.ts';
import { shopTexts } from './shownTexts.ts';

// Wordings a fluent or legal review retired (issue 23, second review round), by shop: none may come back in the shop's
// catalogue (de-AT and de-CH through their de-DE fallback) or in any of its footer versions and fallbacks. Each pattern
// matches the old text and not its replacement; copy.test.ts states what the new texts must say.
const retired: Record<string, RegExp[]> = {
  de: [/Angebote, die zu mir passen/u, /Bis zum 19\. Dezember bestellt,/u, /ausschließlich für den Versand/u],
  at: [/Angebote, die zu mir passen/u, /Bis zum 18\. Dezember bestellt,/u, /vor dem Heiligen Abend/u, /ausschließlich für den Versand/u],
  ch: [/Angebote, die zu mir passen/u, /Bis zum 18\. Dezember bestellt,/u, /^Kundenkarte$/u, /Kundendienst/u, /ausschliesslich für den Versand/u],
  'ch-fr': [
    /retirez gratuitement dans/u, /dans chaque filiale/u, /carte client/iu, /incluent la TVA/u, /à tout moment pour l’avenir/u,
    /^Reprendre la suggestion/u, /uniquement pour l’envoi/u,
  ],
  cz: [/Aroma k tomu smí/u, /^Převzít návrh/u, /výhradně k zasílání/u],
  hu: [/^Továbbiak$/u, /^Kevesebb$/u, /a\(z\) \{\{email\}\}/u, /^Feliratkozását elküldjük$/u, /átvétele a keresőmezőbe/u, /kizárólag a hírlevél/u],
  sk: [/Späť hore/u, /bohužiaľ neexistuje/u, /^Prevziať návrh/u, /výlučne na zasielanie/u],
  tr: [
    /Aydınlatma Metni’ni okudum/u, /tarafıma/u, /Aroma tarafından/u, /^Üye olmak/u, /hoş geldin indiriminiz,/u, /(^|[^.\d])1000\u00a0TL/u,
    /kaydını onaylama/u, /tema dünya/u, /^Aboneliğiniz gönderiliyor$/u, /yalnızca e-bülten gönderimi/u,
  ],
  pl: [/od 16\. roku życia/u, /jest polem obowiązkowym/u, /światach tematycznych/u, /^Przed złożeniem zamówienia/u, /wyłącznie do wysyłki/u],
};

describe('retired wordings', () => {
  test('cover every shop', () => {
    expect(Object.keys(retired).sort()).toEqual(shops.map((shop) => shop.segment).sort());
  });

  test.each(shops.map((shop) => [shop.segment, shop.locale] as const))('%s shows none of them', (segment, locale) => {
    const texts = shopTexts(locale, segment);
    const found = retired[segment]!.flatMap((pattern) => texts.filter((text) => pattern.test(text)).map((text) => `${pattern} in "${text}"`));
    expect(found).toEqual([]);
  });
});
