import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { shopByCode, shops } from '../shared/countries.ts';
import { translationsFor } from '../shared/i18n.ts';
import { uiLocales, type UiLocale } from '../shared/locales.ts';
import { consentTexts } from '../shared/newsletter/consentTexts.ts';
import { copyRule, copyRuleSections } from './copyRule.ts';
import { fallbacks, footerFiles, imprintLines, legalLink, seeds, seedSets, shopTexts, shown } from './shownTexts.ts';

// Copy rules a fluent reader of each language notices (issues 13 and 23, "Copy"), over the catalogues and every footer
// content version and fallback (see shownTexts.ts). Wordings a review retired are kept out in retiredWording.test.ts.

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('amounts', () => {
  // A number and its unit must not be split over two lines: "999 Kč", "40 €", "CHF 50", "{{percent}} %".
  const unitAfter = /(\d|\}\}) (%|€|Kč|zł|TL|Ft|CHF|Fr\.)/u;
  const unitBefore = /(CHF|€) (\d|\{\{)/u;
  const digitGroups = /\d \d{3}\b/u;

  test.each(shops.map((shop) => [shop.segment, shop.locale] as const))(
    '%s keeps every amount on one line',
    (segment, locale) => {
      const split = shopTexts(locale, segment).filter(
        (text) => unitAfter.test(text) || unitBefore.test(text) || digitGroups.test(text),
      );
      expect(
        split,
        copyRule(
          `${locale} amounts stay on one line: U+00A0 between a number and its unit or currency and in digit groups`,
          'all-languages',
        ),
      ).toEqual([]);
    },
  );

  test('the templates put a no-break space between the percentage and its sign', () => {
    const rule = copyRule('the templates write {{percent}} U+00A0 %', 'all-languages');
    expect(shown('de-DE')['newsletter.heading'], rule).toContain(`{{percent}}${NBSP}%`);
    expect(shown('cs-CZ')['newsletter.voucherFootnote'], rule).toContain(`{{percent}}${NBSP}%`);
  });
});

describe('voucher footnote', () => {
  // The footnote is followed by the voucher-conditions link; the sentence must not name the conditions as well.
  const conditionsWord: Record<UiLocale, RegExp> = {
    'de-DE': /gutscheinbedingungen/i,
    'de-AT': /gutscheinbedingungen/i,
    'de-CH': /gutscheinbedingungen/i,
    'fr-CH': /conditions/i,
    'cs-CZ': /podmín/i,
    'hu-HU': /feltétel/i,
    'sk-SK': /podmien/i,
    'tr-TR': /koşul/i,
    'pl-PL': /warunk/i,
  };
  test.each(uiLocales)('%s leaves the conditions to the link', (locale) => {
    const t = translationsFor(locale);
    const rule = copyRule(`${locale} the voucher footnote leaves the conditions to the link`, 'all-languages');
    expect(t('newsletter.link.voucherConditions'), rule).toMatch(conditionsWord[locale]);
    expect(t('newsletter.voucherFootnote'), rule).not.toMatch(conditionsWord[locale]);
  });
});

describe('Turkish', () => {
  const tr = shown('tr-TR');

  test('the commercial message consent names the channel and the sender, İYS and free withdrawal', () => {
    const shop = shopByCode('TR')!;
    const consent = consentTexts(shop)['newsletter.consent.commercial'];
    const rule = copyRule(
      'tr-TR the commercial message consent names the channel, the sender by trade name, İYS and free withdrawal',
      'turkish',
    );
    expect(consent, rule).toContain('e-posta adresime');
    // The sender is the registered trade name (ticari unvan) from the country table, not the brand.
    expect(consent, rule).toContain(`${shop.tradeName} tarafından`);
    expect(consent, rule).not.toMatch(/Aroma tarafından|tarafıma/u);
    expect(consent, rule).toContain('İleti Yönetim Sistemi');
    expect(consent, rule).toContain('İYS');
    expect(consent, rule).toMatch(/ücretsiz.*geri al/u);
  });

  test('the legal notice speaks in the first person throughout', () => {
    const notice = tr['newsletter.legal.notice'];
    const rule = copyRule('tr-TR the legal notice speaks in the first person', 'turkish');
    expect(notice, rule).not.toMatch(/durdururuz|açmazsanız|size /u);
    expect(notice, rule).toContain('biliyorum');
  });

  test('the DNE consent is an "açık rıza" within the Aydınlatma Metni, not an acknowledgement of having read it', () => {
    // KVKK practice keeps informing (Aydınlatma Metni) and explicit consent (açık rıza) apart.
    const rule = copyRule('tr-TR the DNE consent is an "açık rıza", not an acknowledgement of having read', 'turkish');
    expect(tr['newsletter.consent.dne'], rule).toMatch(
      /^Aydınlatma Metni’nde belirtilen kapsamda, .* açık rıza veriyorum\. Bu rıza isteğe bağlıdır;/u,
    );
    expect(tr['newsletter.consent.dne'], rule).not.toContain('okudum');
  });

  test('the sales terms are not called terms of use', () => {
    const rule = copyRule('tr-TR the sales terms are "Satış koşulları", never "kullanım koşulları"', 'turkish');
    expect(tr['footer.minimal.terms'], rule).toBe('Satış koşulları');
    expect(legalLink(seeds.tr, 'terms'), rule).toEqual({
      url: '/satis-kosullari',
      text: 'Satış koşulları',
      kind: 'terms',
    });
    expect(
      shopTexts('tr-TR', 'tr').filter((text) => /kullanım koşulları/iu.test(text)),
      rule,
    ).toEqual([]);
  });
});

describe('Polish', () => {
  const pl = shown('pl-PL');

  test('addresses the reader in the singular', () => {
    const rule = copyRule('pl-PL address the reader in the singular', 'polish');
    expect(pl['newsletter.intro'], rule).not.toContain('pierwsi');
    expect(pl['newsletter.confirm.successText'], rule).not.toContain('pierwsi');
  });

  test('the legal notice consents to commercial information by electronic means', () => {
    expect(
      pl['newsletter.legal.notice'],
      copyRule('pl-PL the legal notice consents to commercial information by electronic means', 'polish'),
    ).toContain('informacji handlowych drogą elektroniczną');
  });

  test('the privacy hint names the data controller: the trade name from the country table', () => {
    const shop = shopByCode('PL')!;
    expect(
      consentTexts(shop)['newsletter.privacyHint'],
      copyRule('pl-PL the privacy hint names the data controller by trade name', 'polish'),
    ).toContain(`Administratorem Twoich danych osobowych jest ${shop.tradeName},`);
  });

  test('the required-field errors are instructions, not statements', () => {
    for (const key of ['emailRequired', 'firstNameRequired', 'lastNameRequired', 'salutationRequired'] as const) {
      expect(
        pl[`newsletter.error.${key}`],
        copyRule('pl-PL required-field errors are instructions', 'polish', key),
      ).toMatch(/^(Podaj|Wybierz) [^.]+\.$/u);
    }
  });

  test('the phone field names the country code in full', () => {
    expect(pl['ui.phone.national'], copyRule('pl-PL the phone field names the country code in full', 'polish')).toBe(
      'Numer telefonu bez numeru kierunkowego kraju',
    );
  });
});

describe('German', () => {
  test('DE labels the cancellation button as §312k BGB requires', () => {
    for (const [name, content] of footerFiles('de')) {
      expect(
        legalLink(content, 'subscriptionCancellation')?.text,
        copyRule('DE the cancellation button reads "Verträge hier kündigen"', 'german', name),
      ).toBe('Verträge hier kündigen');
    }
  });

  test('AT says "Rücktrittsrecht", never "Widerrufsrecht"', () => {
    for (const [name, content] of footerFiles('at')) {
      expect(
        legalLink(content, 'withdrawal'),
        copyRule('AT says "Rücktrittsrecht", never "Widerrufsrecht"', 'german', name),
      ).toEqual({ url: '/ruecktrittsrecht', text: 'Rücktrittsrecht', kind: 'withdrawal' });
    }
    expect(
      shopTexts('de-AT', 'at').filter((text) => /widerrufsrecht/iu.test(text)),
      copyRule('AT says "Rücktrittsrecht", never "Widerrufsrecht"', 'german'),
    ).toEqual([]);
  });

  test('the fallback footers are the content the CMS serves', () => {
    for (const [segment, fallback] of Object.entries(fallbacks))
      expect(fallback, copyRule('the fallback footers are the content the CMS serves', 'german', segment)).toEqual(
        seeds[segment],
      );
  });
});

describe('Hungarian', () => {
  const hu = shown('hu-HU');

  test('states the age as "betöltöttem a {{age}}. életévemet"', () => {
    expect(
      hu['newsletter.legal.notice'],
      copyRule('hu-HU the age is "betöltöttem a {{age}}. életévemet"', 'hungarian'),
    ).toContain('betöltöttem a {{age}}. életévemet');
  });

  test('uses one word for the female salutation: "Hölgy"', () => {
    const rule = copyRule('hu-HU the female salutation is "Hölgy"', 'hungarian');
    expect(hu['newsletter.salutation.MRS'], rule).toBe('Hölgy');
    expect(hu['ui.gallery.sample.mrs'], rule).toBe('Hölgy');
    expect(
      shopTexts('hu-HU', 'hu').filter((text) => /asszony/iu.test(text)),
      rule,
    ).toEqual([]);
  });
});

describe('Swiss French', () => {
  const texts = shopTexts('fr-CH', 'ch-fr');

  test('writes no gender dot ("inscrit·e")', () => {
    expect(
      texts.filter((text) => text.includes('·')),
      copyRule('fr-CH no gender dot', 'swiss-french'),
    ).toEqual([]);
  });

  test('calls household goods "Articles ménagers"', () => {
    expect(
      shown('fr-CH')['header.nav.household'],
      copyRule('fr-CH household goods are "Articles ménagers"', 'swiss-french'),
    ).toBe('Articles ménagers');
  });

  test('puts a narrow no-break space before ! ? ; and a no-break space before :', () => {
    const wrong = texts.flatMap((text) =>
      [...text.matchAll(/(.)([!?;:])/gu)]
        .filter((match) => match[1] !== (match[2] === ':' ? NBSP : NNBSP))
        .map((match) => `${match[0]} in "${text}"`),
    );
    expect(
      wrong,
      copyRule('fr-CH narrow no-break space (U+202F) before ! ? ;, no-break space (U+00A0) before :', 'swiss-french'),
    ).toEqual([]);
  });

  test('the checkout intro is written in French, not translated from "zahlungspflichtig bestellen"', () => {
    expect(
      shown('fr-CH')['checkout.intro'],
      copyRule('fr-CH the checkout intro is written in French', 'swiss-french'),
    ).not.toMatch(/obligation de paiement/u);
  });
});

describe('Czech and Slovak', () => {
  test('the cookie consent intro does not offer offers', () => {
    const rule = copyRule('cs-CZ and sk-SK the cookie consent intro mentions offers once', 'czech-and-slovak');
    expect(shown('cs-CZ')['footer.consent.intro'].match(/nabí[dz]/gu) ?? [], rule).toHaveLength(1);
    expect(shown('sk-SK')['footer.consent.intro'].match(/pon[uú]k/gu) ?? [], rule).toHaveLength(1);
  });

  test('Slovak says "zadarmo", never the Czech "zdarma"', () => {
    const rule = copyRule('sk-SK says "zadarmo", never "zdarma"', 'czech-and-slovak');
    expect(
      shopTexts('sk-SK', 'sk').filter((text) => /zdarma/iu.test(text)),
      rule,
    ).toEqual([]);
    expect(
      shopTexts('sk-SK', 'sk').some((text) => text.includes('zadarmo')),
      rule,
    ).toBe(true);
  });
});

describe('the trade name', () => {
  const templated = ['newsletter.consent.commercial', 'newsletter.privacyHint'] as const;

  test.each(uiLocales)('%s names the message sender and the data controller through {{tradeName}}', (locale) => {
    const texts = shown(locale);
    for (const key of templated)
      expect(
        texts[key],
        copyRule(`${locale} the sender and data controller are {{tradeName}}`, 'all-languages', key),
      ).toContain('{{tradeName}}');
    // Trade names end in abbreviations ("sp. z o.o.", "A.Ş."): a full stop right after the name would double theirs.
    expect(
      Object.values(texts).filter((text) => text.includes('{{tradeName}}.')),
      copyRule(`${locale} no full stop after {{tradeName}}`, 'all-languages'),
    ).toEqual([]);
  });

  test.each(shops.map((shop) => [shop.code, shop] as const))(
    '%s shows its own trade name in the consent texts, no placeholder left',
    (_code, shop) => {
      const texts = consentTexts(shop);
      const rule = copyRule(`${shop.code} shows its own trade name from the country table`, 'all-languages');
      for (const key of templated) expect(texts[key], `${rule}: ${key}`).toContain(shop.tradeName);
      expect(
        Object.values(texts).filter((text) => text.includes('{{')),
        rule,
      ).toEqual([]);
    },
  );

  test('is written in the country table only: no catalogue or footer content spells one out', () => {
    for (const shop of shops)
      expect(
        shopTexts(shop.locale, shop.segment).filter((text) => text.includes(shop.tradeName)),
        copyRule('no catalogue or footer text spells a trade name out', 'all-languages', shop.code),
      ).toEqual([]);
  });
});

describe("the UI gallery's sample legal text", () => {
  // The form asks for the profiling consent (DNE), so the text must not say the data serve the newsletter only.
  const wording: Record<UiLocale, [only: RegExp, withConsent: string]> = {
    'de-DE': [/ausschließlich/u, 'mit Ihrer Einwilligung, für personalisierte Angebote'],
    'de-AT': [/ausschließlich/u, 'mit Ihrer Einwilligung, für personalisierte Angebote'],
    'de-CH': [/ausschliesslich/u, 'mit Ihrer Einwilligung, für personalisierte Angebote'],
    'fr-CH': [/uniquement/u, 'avec votre consentement, pour vous proposer des offres personnalisées'],
    'cs-CZ': [/výhradně/u, 's vaším souhlasem také k přípravě nabídek šitých na míru'],
    'hu-HU': [/kizárólag/u, 'hozzájárulása esetén személyre szabott ajánlatokhoz'],
    'sk-SK': [/výlučne/u, 's vaším súhlasom aj na prípravu ponúk šitých na mieru'],
    'tr-TR': [/yalnızca/u, 'açık rıza vermeniz hâlinde size özel teklifler'],
    'pl-PL': [/wyłącznie/u, 'za Twoją zgodą także do przygotowywania spersonalizowanych ofert'],
  };
  test.each(uiLocales)('%s names the personalised offers the consent allows', (locale) => {
    const [only, withConsent] = wording[locale];
    const rule = copyRule(`${locale} the gallery's sample legal text names the personalised offers`, 'all-languages');
    expect(shown(locale)['ui.gallery.sample.legal'], rule).not.toMatch(only);
    expect(shown(locale)['ui.gallery.sample.legal'], rule).toContain(withConsent);
  });

  test('the Polish one says "from 16" as "ukończyły 16 lat", not "od 16. roku życia" (which is from 15)', () => {
    expect(
      shown('pl-PL')['ui.gallery.sample.legal'],
      copyRule('pl-PL "from 16" is "ukończyły 16 lat"', 'polish'),
    ).toContain('Zapisać się mogą osoby, które ukończyły 16 lat.');
  });
});

describe('one term and whole sentences', () => {
  interface TeaserGroup {
    heading: { text: string };
    introductoryText: string;
  }
  const groups = (content: unknown) => (content as { teaserGroups: TeaserGroup[] }).teaserGroups;

  test.each(uiLocales)('%s labels the legal notice\'s toggle as every other "show more/less"', (locale) => {
    expect(
      [shown(locale)['newsletter.legal.more'], shown(locale)['newsletter.legal.less']],
      copyRule(`${locale} the legal notice's toggle says "show more/less" as everywhere`, 'all-languages'),
    ).toEqual([shown(locale)['ui.showMore'], shown(locale)['ui.showLess']]);
  });

  test('the Christmas delivery teasers say who orders', () => {
    const christmas = seedSets['footer-christmas']!;
    expect(
      Object.fromEntries(
        Object.entries(christmas).map(([segment, content]) => [segment, groups(content)[1]!.introductoryText]),
      ),
      copyRule('the Christmas delivery teasers say who orders', 'german'),
    ).toEqual({
      de: 'Wenn Sie bis zum 19. Dezember bestellen, bringt DHL Ihr Paket pünktlich zu Weihnachten.',
      at: 'Wenn Sie bis zum 18. Dezember bestellen, bringt die Österreichische Post Ihr Paket rechtzeitig zum Heiligen Abend.',
      ch: 'Wenn Sie bis zum 18. Dezember bestellen, bringt die Schweizerische Post Ihr Paket rechtzeitig zu Weihnachten.',
    });
  });

  test('the Swiss card is the "Privatkarte" / "carte privée" in its heading and its text', () => {
    for (const [name, content] of footerFiles('ch')) {
      const rule = copyRule('CH the card is the "Privatkarte"', 'german', name);
      expect(groups(content)[5]!.heading.text, rule).toBe('Privatkarte');
      expect(groups(content)[5]!.introductoryText, rule).toContain('Aroma-Privatkarte');
    }
    const card = groups(seeds['ch-fr'])[5]!;
    expect(
      [card.heading.text, card.introductoryText],
      copyRule('fr-CH the card is the "carte privée"', 'swiss-french'),
    ).toEqual(['Carte privée', expect.stringContaining('carte privée Aroma')]);
  });

  test('Swiss French: the store pickup has an object, the returns go to all stores, the VAT line reads as in the catalogue', () => {
    const content = seeds['ch-fr'] as {
      teaserGroups: TeaserGroup[];
      salesTax: { textBeforeLink: string; link: { text: string }; textAfterLink: string };
    };
    expect(groups(content)[2]!.introductoryText, copyRule('fr-CH the store pickup has an object', 'swiss-french')).toBe(
      'Commandez en ligne et retirez gratuitement votre commande dans l’une de nos filiales.',
    );
    expect(groups(content)[3]!.introductoryText, copyRule('fr-CH returns go to all stores', 'swiss-french')).toContain(
      'dans toutes nos filiales',
    );
    const { textBeforeLink, link, textAfterLink } = content.salesTax;
    const vatRule = copyRule("fr-CH the VAT line reads as the catalogue's footer.minimal.vat", 'swiss-french');
    expect(`${textBeforeLink}${link.text}${textAfterLink}`, vatRule).toBe(shown('fr-CH')['footer.minimal.vat']);
    expect(shown('fr-CH')['footer.minimal.vat'], vatRule).toBe(
      'Tous les prix s’entendent TVA comprise, hors frais de livraison.',
    );
  });
});

describe('the subscriber journey: mails, preferences page, confirmation page, 503 page', () => {
  const journeyKey =
    /^(newsletter\.(email|preferences|confirm)\.|confirm\.|site\.unavailable\.|newsletter\.voucherFootnote$)/;
  const journey = (locale: UiLocale) => Object.entries(shown(locale)).filter(([key]) => journeyKey.test(key));

  // A welcome voucher is issued once per address and shop, ever: the sign-up's footnote promises no more than that, in
  // the words the welcome mail uses when it brings no new code.
  const oncePerAddress: Record<UiLocale, RegExp> = {
    'de-DE': /je E-Mail-Adresse nur einmal/u,
    'de-AT': /je E-Mail-Adresse nur einmal/u,
    'de-CH': /je E-Mail-Adresse nur einmal/u,
    'fr-CH': /qu’une fois par adresse e-mail/u,
    'cs-CZ': /každá e-mailová adresa .*jen jednou/u,
    'hu-HU': /e-mail-címenként csak egyszer jár/u,
    'sk-SK': /každá e-mailová adresa .*iba raz/u,
    'tr-TR': /her e-posta adresine yalnızca bir kez verilir/u,
    'pl-PL': /przysługuje tylko raz na adres e-mail/u,
  };
  test.each(uiLocales)(
    '%s: the footnote promises the voucher once per address, as the "already issued" mail says',
    (locale) => {
      const texts = shown(locale);
      const rule = copyRule(
        `${locale} the voucher is issued once per address, in the words of the "already issued" mail`,
        'all-languages',
      );
      expect(texts['newsletter.voucherFootnote'], rule).toMatch(oncePerAddress[locale]);
      expect(texts['newsletter.email.welcome.alreadyIssued'], rule).toMatch(oncePerAddress[locale]);
    },
  );

  // The voucher is for one online order, not "the next": the footnote, the welcome mail's sentence and its conditions.
  const oneOnlineOrder: Record<UiLocale, RegExp> = {
    'de-DE': /eine[rm]? Online-Bestellung/u,
    'de-AT': /eine[rm]? Online-Bestellung/u,
    'de-CH': /eine[rm]? Online-Bestellung/u,
    'fr-CH': /une commande en ligne/u,
    'cs-CZ': /jeden online nákup/u,
    'hu-HU': /egy online vásárlás/u,
    'sk-SK': /jeden online nákup/u,
    'tr-TR': /[Tt]ek bir online sipariş/u,
    'pl-PL': /jedn\p{L}+ zamówieni\p{L}+ online/u,
  };
  test.each(uiLocales)('%s: the voucher is for one online order wherever it is described', (locale) => {
    const texts = shown(locale);
    for (const key of [
      'newsletter.voucherFootnote',
      'newsletter.email.welcome.voucher',
      'newsletter.email.welcome.conditions',
    ] as const) {
      expect(texts[key], copyRule(`${locale} the voucher is for one online order`, 'all-languages', key)).toMatch(
        oneOnlineOrder[locale],
      );
    }
  });

  // Redeeming happens in the checkout, which the newsletter cannot see: a code sent again is offered in case it is unused.
  const ifUnused: Record<UiLocale, string> = {
    'de-DE': 'Falls Sie ihn noch nicht eingelöst haben',
    'de-AT': 'Falls Sie ihn noch nicht eingelöst haben',
    'de-CH': 'Falls Sie ihn noch nicht eingelöst haben',
    'fr-CH': 'Si vous ne l’avez pas encore utilisé',
    'cs-CZ': 'Pokud jste ho ještě neuplatnili',
    'hu-HU': 'Ha még nem használta fel',
    'sk-SK': 'Ak ste ju ešte neuplatnili',
    'tr-TR': 'Henüz kullanmadıysanız',
    'pl-PL': 'Jeśli nie został jeszcze wykorzystany',
  };
  test.each(uiLocales)('%s: a code sent again is offered if it is still unused, never called valid', (locale) => {
    expect(
      shown(locale)['newsletter.email.welcome.repeat'],
      copyRule(`${locale} a code sent again is offered if it is still unused`, 'all-languages'),
    ).toContain(ifUnused[locale]);
  });

  // The confirmation mail confirms the sign-up (the consent), not only the address: its text names what the button does.
  const signUpWord: Record<UiLocale, RegExp> = {
    'de-DE': /Anmeldung/u,
    'de-AT': /Anmeldung/u,
    'de-CH': /Anmeldung/u,
    'fr-CH': /inscription/u,
    'cs-CZ': /přihlášení/iu,
    'hu-HU': /feliratkozás/iu,
    'sk-SK': /prihlásenie/iu,
    'tr-TR': /aboneli/iu,
    'pl-PL': /zapis/u,
  };
  test.each(uiLocales)('%s: the confirmation mail asks to confirm the sign-up, as its button says', (locale) => {
    const texts = shown(locale);
    const rule = copyRule(
      `${locale} the confirmation mail asks to confirm the sign-up, not the address`,
      'all-languages',
    );
    expect(texts['newsletter.email.confirm.button'], rule).toMatch(signUpWord[locale]);
    expect(texts['newsletter.email.confirm.intro'], rule).toMatch(signUpWord[locale]);
    expect(texts['newsletter.email.confirm.intro'], rule).not.toMatch(
      /E-Mail-Adresse|adresse e-mail|e-mailovou|e-mailovú|e-mail-címét|e-posta adresinizi|adres e-mail/u,
    );
  });

  // One word for the preferences page and one for leaving, the words the sign-up's legal notice and privacy hint use:
  // the page's title and heading, its link on the confirmation page and in every mail, the unsubscribe section.
  const words: Record<UiLocale, { preferences: RegExp; leave: RegExp; not: RegExp }> = {
    'de-DE': { preferences: /Einstellungen/u, leave: /abmeld|Abmeld/u, not: /abbestell|Präferenz/iu },
    'de-AT': { preferences: /Einstellungen/u, leave: /abmeld|Abmeld/u, not: /abbestell|Präferenz/iu },
    'de-CH': { preferences: /Einstellungen/u, leave: /abmeld|Abmeld/u, not: /abbestell|Präferenz/iu },
    'fr-CH': { preferences: /paramètres/iu, leave: /désinscri/iu, not: /préférences|désabonn/iu },
    'cs-CZ': { preferences: /nastavení/iu, leave: /odhlá[sš]/iu, not: /předvolb|preferenc/iu },
    'hu-HU': { preferences: /beállítás/iu, leave: /leiratkoz/iu, not: /preferenci|lemond/iu },
    'sk-SK': { preferences: /nastaven/iu, leave: /odhlás/iu, not: /predvoľb|preferenci/iu },
    'tr-TR': { preferences: /ayar/iu, leave: /abonel\p{L}* .*çık/iu, not: /tercih/iu },
    'pl-PL': { preferences: /ustawie/iu, leave: /wypis/iu, not: /preferencj|rezygnacj[aę] z subskrypcji/iu },
  };
  test.each(uiLocales)("%s: one word for the preferences and one for unsubscribing, the sign-up's own", (locale) => {
    const texts = shown(locale);
    const { preferences, leave, not } = words[locale];
    const rule = copyRule(
      `${locale} one word for the preferences and one for unsubscribing, the sign-up's own`,
      'all-languages',
    );
    for (const key of [
      'newsletter.preferences.title',
      'newsletter.preferences.heading',
      'newsletter.preferences.link',
    ] as const) {
      expect(texts[key], `${rule}: ${key}`).toMatch(preferences);
    }
    for (const key of [
      'newsletter.preferences.link',
      'newsletter.preferences.unsubscribeHeading',
      'newsletter.preferences.unsubscribe',
      'newsletter.legal.notice',
      'newsletter.privacyHint',
    ] as const) {
      expect(texts[key], `${rule}: ${key}`).toMatch(leave);
    }
    expect(
      journey(locale).filter(([, text]) => not.test(text)),
      rule,
    ).toEqual([]);
  });

  // Czech, Slovak and Polish typesetting keeps a one-letter preposition or conjunction on the line of the next word.
  const oneLetterWords: Partial<Record<UiLocale, RegExp>> = {
    'cs-CZ': /(^|[\s(„])[ksvzouaiKSVZOUAI] /u,
    'sk-SK': /(^|[\s(„])[ksvzouaiKSVZOUAI] /u,
    'pl-PL': /(^|[\s(„])[aiouwzAIOUWZ] /u,
  };
  test.each(Object.keys(oneLetterWords) as UiLocale[])(
    '%s: no one-letter word ends a line (a no-break space follows it)',
    (locale) => {
      expect(
        journey(locale).filter(([, text]) => oneLetterWords[locale]!.test(text)),
        copyRule(`${locale} U+00A0 after a one-letter word`, locale === 'pl-PL' ? 'polish' : 'czech-and-slovak'),
      ).toEqual([]);
    },
  );
});

describe('the rules are written down in src/i18n/README.md', () => {
  test('every section a failing check points to is a heading of the README', () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, 'README.md'), 'utf8');
    const anchors = [...readme.matchAll(/^#{2,3} (.+)$/gmu)].map((match) =>
      match[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    );
    expect(copyRuleSections.filter((section) => !anchors.includes(section))).toEqual([]);
    expect(copyRule('fr-CH narrow no-break space before ?', 'swiss-french')).toBe(
      'rule: fr-CH narrow no-break space before ? (src/i18n/README.md#swiss-french)',
    );
  });
});

describe('copy round four (issue 43)', () => {
  const tr = shown('tr-TR');

  test('TR: the two-year rule says what the code does: the subscription ends and İYS records the withdrawal', () => {
    const rule = copyRule(
      'tr-TR the two-year rule ends the subscription and records the withdrawal in İYS, in the notice and the mail',
      'turkish',
    );
    expect(tr['newsletter.legal.notice'], rule).toContain(
      'açmazsam aboneliğimin sona ereceğini ve onayımın İYS’de geri alınmış olarak kaydedileceğini biliyorum.',
    );
    expect(tr['newsletter.email.footer.reason'], rule).toContain(
      'açmazsanız aboneliğiniz sona erer ve onayınız İYS’de geri alınmış olarak kaydedilir.',
    );
  });

  test('TR: the welcome mail is held until İYS accepts, so the confirmation page promises it "soon"', () => {
    expect(
      tr['newsletter.confirm.mailSent'],
      copyRule('tr-TR the confirmation page says the welcome mail follows soon (it waits for İYS)', 'turkish'),
    ).toBe('Hoş geldin e-postanız kısa süre içinde gönderilecek.');
  });

  test.each(['unsubscribedText', 'unsubscribeText'] as const)(
    'TR %s: "onayınızı ve varsa profilleme için verdiğiniz açık rızayı"',
    (key) => {
      expect(
        tr[`newsletter.preferences.${key}`],
        copyRule('tr-TR the withdrawal names the explicit consent "varsa … verdiğiniz"', 'turkish', key),
      ).toContain('onayınızı ve varsa profilleme için verdiğiniz açık rızayı');
    },
  );

  test('TR: the confirmation intro, the progress text while unsubscribing', () => {
    const rule = copyRule('tr-TR the confirmation intro and the unsubscribing progress text', 'turkish');
    expect(tr['newsletter.confirm.intro'], rule).toBe('Lütfen butona tıklayarak e-bülten aboneliğinizi onaylayın.');
    expect(tr['newsletter.preferences.unsubscribing'], rule).toBe('Aboneliğiniz sonlandırılıyor…');
  });

  // The stand-in pages' note, as fluent readers write it (issue 43, grammar 2 to 4).
  test.each([
    ['fr-CH', 'swiss-french', 'seul un contenu provisoire s’affiche ici.'],
    ['tr-TR', 'turkish', 'burada yalnızca yer tutucu içerik gösterilir.'],
    ['hu-HU', 'hungarian', 'itt csak helyőrző tartalom látható.'],
  ] as const)('%s: the stand-in note (%s)', (locale, section, ending) => {
    expect(shown(locale)['standIn.notice'], copyRule(`${locale} the stand-in note`, section)).toMatch(
      new RegExp(`${ending.replace(/[.?]/g, '\\$&')}$`, 'u'),
    );
  });

  test('PL says "zapis do newslettera", never "zapis na newsletter"', () => {
    const rule = copyRule('pl-PL "zapis do newslettera"', 'polish');
    expect(shown('pl-PL')['newsletter.confirm.intro'], rule).toContain('zapis do newslettera');
    expect(
      shopTexts('pl-PL', 'pl').filter((text) => /zapis\p{L}* na newsletter/iu.test(text)),
      rule,
    ).toEqual([]);
  });

  test.each(uiLocales)("%s: the confirmation page's button says what the mail's button says", (locale) => {
    expect(
      shown(locale)['newsletter.confirm.button'],
      copyRule(`${locale} the page's and the mail's confirm buttons use the same words`, 'all-languages'),
    ).toBe(shown(locale)['newsletter.email.confirm.button']);
  });

  test.each(['de-DE', 'de-AT', 'de-CH'] as const)('%s: the ellipsis takes a no-break space', (locale) => {
    const segment = { 'de-DE': 'de', 'de-AT': 'at', 'de-CH': 'ch' }[locale];
    expect(
      shopTexts(locale, segment).filter((text) => /(?<!\u00a0)…|\.\.\./u.test(text)),
      copyRule(`${locale} U+00A0 before the ellipsis`, 'german'),
    ).toEqual([]);
  });
});

describe('the imprint lines (issue 43): the trade name and imprint every mail ends with', () => {
  const oneLetterWords: Partial<Record<UiLocale, RegExp>> = {
    'cs-CZ': /(^|[\s(„])[ksvzouaiKSVZOUAI] /u,
    'sk-SK': /(^|[\s(„])[ksvzouaiKSVZOUAI] /u,
    'pl-PL': /(^|[\s(„])[aiouwzAIOUWZ] /u,
  };

  test.each(shops.map((shop) => [shop.code, shop] as const))(
    '%s keeps its register entries on one line',
    (_c, shop) => {
      const lines = imprintLines(shop);
      expect(lines.length).toBeGreaterThanOrEqual(3);
      // "§ 25", "C 000000", "č. 000000": a section sign, a register letter or a one-letter abbreviation and its number.
      expect(
        lines.filter((line) => /(§|(^|[\s(])\p{L}\.?) \d/u.test(line)),
        copyRule(`${shop.code} U+00A0 joins a section sign or register letter and its number`, 'all-languages'),
      ).toEqual([]);
      expect(
        lines.filter((line) => /\d \d{3}\b/u.test(line)),
        copyRule(`${shop.code} digit groups stay on one line`, 'all-languages'),
      ).toEqual([]);
      const oneLetter = oneLetterWords[shop.locale];
      if (oneLetter)
        expect(
          lines.filter((line) => oneLetter.test(line)),
          copyRule(
            `${shop.code} U+00A0 after a one-letter word`,
            shop.locale === 'pl-PL' ? 'polish' : 'czech-and-slovak',
          ),
        ).toEqual([]);
    },
  );
});
