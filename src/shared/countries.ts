import * as v from 'valibot';
import { uiLocaleSchema } from './locales.ts';

/** Shop codes as the backend knows them (docs/constants.md#per-shop-facts). */
const shopCodes = ['DE', 'AT', 'CH', 'CH_FR', 'CZ', 'HU', 'SK', 'TR', 'PL'] as const;

const pathSchema = v.pipe(v.string(), v.startsWith('/'));

/**
 * A page of the retailer's site a mail links, with the words it is introduced by ("Impressum: https://…"): its path
 * under the shop, resolved like every retailer link (docs/footer.md#links-to-the-retailers-site).
 */
const retailerPageSchema = v.object({ label: v.pipe(v.string(), v.nonEmpty()), path: pathSchema });

/** Everything that differs between the country shops. Nothing per country lives outside this table. */
const shopSchema = v.object({
  /** Shop code as the services know it, e.g. `CH_FR`; sent as the `site` header where a call needs one. */
  code: v.picklist(shopCodes),
  /** URL segment of the shop's pages: `/{segment}/`. */
  segment: v.pipe(v.string(), v.regex(/^[a-z]{2}(-[a-z]{2})?$/)),
  /** The shop's locale: `<html lang>` and the strings catalogue. */
  locale: uiLocaleSchema,
  /** IANA time zone of the shop's market: staff preview moments are shown in it (docs/preview.md#indicator). */
  timeZone: v.pipe(
    v.string(),
    v.check((zone) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC', 'not an IANA time zone'),
  ),
  /** ISO 4217 currency of prices and thresholds. */
  currency: v.picklist(['EUR', 'CHF', 'CZK', 'HUF', 'TRY', 'PLN']),
  /**
   * How the shop writes an amount's currency: the sign its shoppers read ("TL", not Intl's "₺") and on which side
   * of the number it stands ("999 Kč", "CHF 50"). See `formatAmount`.
   */
  currencySign: v.object({ text: v.pipe(v.string(), v.nonEmpty()), position: v.picklist(['before', 'after']) }),
  /**
   * The registered name of the company that runs the shop (trade name, Turkish "ticari unvan"), not the brand: the
   * sender named in the commercial-message consent (TR) and the data controller named in the privacy hint (PL and
   * every other shop). The one place it is written; the catalogues say `{{tradeName}}` (see `consentTexts`).
   */
  tradeName: v.pipe(v.string(), v.nonEmpty()),
  /**
   * Where the company is registered, as every mail names its sender (docs/newsletter.md#the-mails): the postal
   * address and the register entry in the shop's language (court and number, Turkey's MERSİS number, …). The values
   * here are placeholders until the retailer's legal department fills them in.
   */
  imprint: v.object({
    address: v.pipe(v.string(), v.nonEmpty()),
    register: v.pipe(v.string(), v.nonEmpty()),
    /**
     * What else the shop's law asks a business e-mail to name, each written with its label in the shop's language
     * (docs/newsletter.md#the-mails): the seat (DE, §35a GmbHG; AT, §14 UGB) and the managing directors (DE), the tax
     * number and the share capital (PL, art. 206 §1 KSH), the web address and a contact (TR, TTK 39(2); AT, ECG §5;
     * DE, §5 DDG), and the retailer's imprint page (AT: the disclosure under §25 MedienG; DE). The two pages are links
     * to the retailer's site, on `RETAILER_ORIGIN` when it is set. Placeholders too.
     */
    seat: v.optional(v.pipe(v.string(), v.nonEmpty())),
    managingDirectors: v.optional(v.pipe(v.string(), v.nonEmpty())),
    taxNumber: v.optional(v.pipe(v.string(), v.nonEmpty())),
    shareCapital: v.optional(v.pipe(v.string(), v.nonEmpty())),
    website: v.optional(retailerPageSchema),
    contact: v.optional(v.pipe(v.string(), v.nonEmpty())),
    imprintPage: v.optional(retailerPageSchema),
  }),
  /** The shop's name of the loyalty card product in `/registerfree{card}card` URLs. */
  loyaltyCardPath: pathSchema,
  /** Newsletter sign-up rules (docs/newsletter.md#rules-per-shop). */
  newsletter: v.object({
    /** Salutation, first and last name are shown (AT, HU, TR). */
    showsPersonalFields: v.boolean(),
    /** Salutation is mandatory and starred (HU). */
    requiresSalutation: v.boolean(),
    /** First and last name are mandatory (HU, TR). */
    requiresNames: v.boolean(),
    /** The commercial electronic message consent (`legals: NEWSLETTER`) is shown and mandatory (TR). */
    requiresCommercialConsent: v.boolean(),
    /** The DNE consent checkbox sits inline with the fields (TR). */
    inlineDneConsent: v.boolean(),
    /** Minimum age named in the legal text. */
    minimumAge: v.number(),
    /**
     * Sending stops once the subscriber has opened no e-bulletin for `UNOPENED_STOP_YEARS` years, as the legal notice
     * and the welcome mail promise (TR): the subscription lapses (docs/newsletter.md#opens-and-the-tr-two-year-rule).
     */
    stopsWhenUnopened: v.boolean(),
    /**
     * Confirmed consents and withdrawals are registered with Turkey's İleti Yönetim Sistemi (İYS), and no marketing
     * mail goes out before İYS accepted the consent (TR; docs/newsletter.md#iys).
     */
    registersConsentWithIys: v.boolean(),
  }),
  /**
   * The welcome voucher a confirmed subscriber gets by mail (TR: the welcome discount), one per address and shop
   * (docs/newsletter.md#welcome-voucher): its percent, and how many calendar months it is valid, to the end of that
   * day in the shop's time zone; null when the shop's conditions set no end date.
   */
  welcomeVoucher: v.object({
    percent: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
    validMonths: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  }),
  /**
   * Free-shipping threshold in the shop currency, and the lower one with the loyalty card, if the shop advertises
   * them. The footer's texts name it as `{{freeShippingFrom}}` and `{{freeShippingWithCardFrom}}`
   * (docs/footer.md#shop-facts).
   */
  freeShipping: v.nullable(
    v.object({ from: v.pipe(v.number(), v.minValue(0)), withCardFrom: v.optional(v.pipe(v.number(), v.minValue(0))) }),
  ),
  /** How long shoppers may return goods; the footer's texts name it as `{{returnPeriod}}`. */
  returnPeriod: v.object({
    amount: v.pipe(v.number(), v.integer(), v.minValue(1)),
    unit: v.picklist(['day', 'month']),
  }),
  /**
   * Customer-service hours every day in the shop's time zone, if the shop advertises them; the footer's texts name
   * them as `{{serviceHours}}`.
   */
  serviceHours: v.nullable(
    v.object({ opens: v.pipe(v.string(), v.isoTime()), closes: v.pipe(v.string(), v.isoTime()) }),
  ),
  /** The build may fall back to the footer collection in `src/content` when the CMS fails. */
  hasFooterFallback: v.boolean(),
  /** Link targets of the sign-up section and footer. */
  links: v.object({
    voucherConditions: pathSchema,
    privacy: pathSchema,
    contact: pathSchema,
    exampleNewsletter: v.optional(pathSchema),
    generalTerms: v.optional(pathSchema),
    /** Turkey's own legal pages. */
    newsletterInfo: v.optional(pathSchema),
    commercialMessageConsent: v.optional(pathSchema),
    personalMarketingConsent: v.optional(pathSchema),
    privacyNotice: v.optional(pathSchema),
  }),
});

/** One country shop. */
export type Shop = v.InferOutput<typeof shopSchema>;

const standardNewsletter = {
  showsPersonalFields: false,
  requiresSalutation: false,
  requiresNames: false,
  requiresCommercialConsent: false,
  inlineDneConsent: false,
  minimumAge: 16,
  stopsWhenUnopened: false,
  registersConsentWithIys: false,
};
/** 10 % for one online order (docs/constants.md#limits); the sign-up promises no end date outside HU. */
const standardWelcomeVoucher = { percent: 10, validMonths: null };
const standardLinks = {
  voucherConditions: '/c/subscribenewsletter-allgemeine-gutscheinbedingungen',
  privacy: '/privacy',
  contact: '/contact',
};

/** The shops, in the order the country chooser lists them. Parsed so a typo fails at start-up, not in a page. */
export const shops: readonly Shop[] = v.parse(v.array(shopSchema), [
  {
    code: 'DE',
    segment: 'de',
    locale: 'de-DE',
    currency: 'EUR',
    timeZone: 'Europe/Berlin',
    tradeName: 'Aroma Deutschland GmbH',
    imprint: {
      address: 'Beispielstraße 1, 20095 Hamburg, Deutschland',
      register: 'Amtsgericht Hamburg, HRB 000000',
      seat: 'Sitz der Gesellschaft: Hamburg',
      managingDirectors: 'Geschäftsführer: Vorname Nachname, Vorname Nachname',
      contact: 'E-Mail: service@aroma.example',
      imprintPage: { label: 'Impressum', path: '/impressum' },
    },
    currencySign: { text: '€', position: 'after' },
    loyaltyCardPath: '/registerfreearomacard',
    newsletter: standardNewsletter,
    welcomeVoucher: standardWelcomeVoucher,
    freeShipping: null,
    returnPeriod: { amount: 30, unit: 'day' },
    serviceHours: null,
    hasFooterFallback: true,
    links: { ...standardLinks, exampleNewsletter: '/newsletter-beispiel' },
  },
  {
    code: 'AT',
    segment: 'at',
    locale: 'de-AT',
    currency: 'EUR',
    timeZone: 'Europe/Vienna',
    tradeName: 'Aroma Österreich GmbH',
    imprint: {
      address: 'Beispielgasse 1, 1010 Wien, Österreich',
      register: 'Firmenbuch FN 000000a, Handelsgericht Wien',
      seat: 'Sitz: Wien',
      contact: 'E-Mail: service@aroma.example',
      imprintPage: { label: 'Offenlegung nach §\u00a025 MedienG', path: '/impressum' },
    },
    currencySign: { text: '€', position: 'after' },
    loyaltyCardPath: '/registerfreearomacard',
    newsletter: { ...standardNewsletter, showsPersonalFields: true },
    welcomeVoucher: standardWelcomeVoucher,
    freeShipping: null,
    returnPeriod: { amount: 14, unit: 'day' },
    serviceHours: null,
    hasFooterFallback: true,
    links: { ...standardLinks, exampleNewsletter: '/newsletter-beispiel' },
  },
  {
    code: 'CH',
    segment: 'ch',
    locale: 'de-CH',
    currency: 'CHF',
    timeZone: 'Europe/Zurich',
    tradeName: 'Aroma Schweiz AG',
    imprint: {
      address: 'Beispielstrasse 1, 8001 Zürich, Schweiz',
      register: 'Handelsregister des Kantons Zürich, CHE-000.000.000',
    },
    currencySign: { text: 'CHF', position: 'before' },
    loyaltyCardPath: '/registerfreeprivatecard',
    newsletter: standardNewsletter,
    welcomeVoucher: standardWelcomeVoucher,
    freeShipping: null,
    returnPeriod: { amount: 3, unit: 'month' },
    serviceHours: null,
    hasFooterFallback: true,
    links: standardLinks,
  },
  {
    code: 'CH_FR',
    segment: 'ch-fr',
    locale: 'fr-CH',
    currency: 'CHF',
    timeZone: 'Europe/Zurich',
    tradeName: 'Aroma Schweiz AG',
    imprint: {
      address: 'Beispielstrasse 1, 8001 Zurich, Suisse',
      register: 'Registre du commerce du canton de Zurich, CHE-000.000.000',
    },
    currencySign: { text: 'CHF', position: 'before' },
    loyaltyCardPath: '/registerfreeprivatecard',
    newsletter: standardNewsletter,
    welcomeVoucher: standardWelcomeVoucher,
    freeShipping: null,
    returnPeriod: { amount: 3, unit: 'month' },
    serviceHours: null,
    hasFooterFallback: false,
    links: { ...standardLinks, voucherConditions: '/c/subscribenewsletter-conditions-generales-bon' },
  },
  {
    code: 'CZ',
    segment: 'cz',
    locale: 'cs-CZ',
    currency: 'CZK',
    timeZone: 'Europe/Prague',
    tradeName: 'Aroma Česko s.r.o.',
    imprint: {
      address: 'Vzorová 1, 110\u00a000 Praha\u00a01, Česká republika',
      register: 'IČO 00000000, spisová značka C\u00a0000000 vedená u\u00a0Městského soudu v\u00a0Praze',
    },
    currencySign: { text: 'Kč', position: 'after' },
    loyaltyCardPath: '/registerfreearomacard',
    newsletter: { ...standardNewsletter, minimumAge: 18 },
    welcomeVoucher: standardWelcomeVoucher,
    freeShipping: { from: 999, withCardFrom: 499 },
    returnPeriod: { amount: 30, unit: 'day' },
    serviceHours: null,
    hasFooterFallback: false,
    links: { ...standardLinks, voucherConditions: '/c/subscribenewsletter-podminky-poukazu' },
  },
  {
    code: 'HU',
    segment: 'hu',
    locale: 'hu-HU',
    currency: 'HUF',
    timeZone: 'Europe/Budapest',
    tradeName: 'Aroma Magyarország Kft.',
    imprint: {
      address: '1051 Budapest, Minta utca 1., Magyarország',
      register: 'Cégjegyzékszám: 01-09-000000, Fővárosi Törvényszék Cégbírósága',
    },
    currencySign: { text: 'Ft', position: 'after' },
    loyaltyCardPath: '/registerfreearomacard',
    newsletter: { ...standardNewsletter, showsPersonalFields: true, requiresSalutation: true, requiresNames: true },
    welcomeVoucher: { ...standardWelcomeVoucher, validMonths: 1 },
    freeShipping: null,
    returnPeriod: { amount: 30, unit: 'day' },
    serviceHours: null,
    hasFooterFallback: false,
    links: {
      ...standardLinks,
      voucherConditions: '/c/subscribenewsletter-kuponfeltetelek',
      exampleNewsletter: '/hirlevel-minta',
    },
  },
  {
    code: 'SK',
    segment: 'sk',
    locale: 'sk-SK',
    currency: 'EUR',
    timeZone: 'Europe/Bratislava',
    tradeName: 'Aroma Slovensko s.r.o.',
    imprint: {
      address: 'Vzorová 1, 811\u00a001 Bratislava, Slovenská republika',
      register:
        'IČO 00\u00a0000\u00a0000, Obchodný register Mestského súdu Bratislava III, oddiel Sro, vložka č.\u00a0000000/B',
    },
    currencySign: { text: '€', position: 'after' },
    loyaltyCardPath: '/registerfreearomacard',
    newsletter: { ...standardNewsletter, minimumAge: 18 },
    welcomeVoucher: standardWelcomeVoucher,
    freeShipping: { from: 40, withCardFrom: 20 },
    returnPeriod: { amount: 30, unit: 'day' },
    serviceHours: null,
    hasFooterFallback: false,
    links: { ...standardLinks, voucherConditions: '/c/subscribenewsletter-podmienky-poukazu' },
  },
  {
    code: 'TR',
    segment: 'tr',
    locale: 'tr-TR',
    currency: 'TRY',
    timeZone: 'Europe/Istanbul',
    tradeName: 'Aroma Mağazacılık A.Ş.',
    imprint: {
      address: 'Örnek Mah. Örnek Cad. No: 1, 34000 İstanbul, Türkiye',
      register: 'İstanbul Ticaret Sicili Müdürlüğü, Sicil No: 000000, MERSİS No: 0000000000000000',
      website: { label: 'İnternet sitesi', path: '/' },
      contact: 'İletişim: musteri@aroma.example',
    },
    currencySign: { text: 'TL', position: 'after' },
    loyaltyCardPath: '/registerfreearomacard',
    newsletter: {
      ...standardNewsletter,
      showsPersonalFields: true,
      requiresNames: true,
      requiresCommercialConsent: true,
      inlineDneConsent: true,
      stopsWhenUnopened: true,
      registersConsentWithIys: true,
    },
    welcomeVoucher: standardWelcomeVoucher,
    freeShipping: { from: 1000 },
    returnPeriod: { amount: 90, unit: 'day' },
    serviceHours: { opens: '09:00', closes: '19:00' },
    hasFooterFallback: false,
    links: {
      ...standardLinks,
      voucherConditions: '/c/subscribenewsletter-indirim-kosullari',
      newsletterInfo: '/e-bulten-bilgilendirme',
      commercialMessageConsent: '/ticari-elektronik-ileti-onayi',
      personalMarketingConsent: '/kisisellestirilmis-pazarlama-onayi',
      privacyNotice: '/kvkk-aydinlatma-metni',
    },
  },
  {
    code: 'PL',
    segment: 'pl',
    locale: 'pl-PL',
    currency: 'PLN',
    timeZone: 'Europe/Warsaw',
    tradeName: 'Aroma Polska sp. z\u00a0o.o.',
    imprint: {
      address: 'ul. Przykładowa 1, 00-001 Warszawa, Polska',
      register:
        'Sąd Rejonowy dla m.st. Warszawy w\u00a0Warszawie, XII Wydział Gospodarczy Krajowego Rejestru Sądowego, KRS 0000000000',
      taxNumber: 'NIP 0000000000',
      shareCapital: 'Kapitał zakładowy: 5\u00a0000,00\u00a0zł',
    },
    currencySign: { text: 'zł', position: 'after' },
    loyaltyCardPath: '/registerfreearomacard',
    newsletter: standardNewsletter,
    welcomeVoucher: standardWelcomeVoucher,
    freeShipping: { from: 100 },
    returnPeriod: { amount: 30, unit: 'day' },
    serviceHours: null,
    hasFooterFallback: false,
    links: { ...standardLinks, voucherConditions: '/c/subscribenewsletter-warunki-kuponu', generalTerms: '/regulamin' },
  },
]);

/** The shop at a URL segment (`ch-fr`), or undefined. */
export function shopBySegment(segment: string): Shop | undefined {
  return shops.find((shop) => shop.segment === segment);
}

/** The shop with a backend code (`CH_FR`), or undefined. */
export function shopByCode(code: string): Shop | undefined {
  return shops.find((shop) => shop.code === code);
}

/**
 * The shops a build includes: all, or those named by segment in a comma-separated list
 * (from `--country` or the `SHOPS` variable). Unknown names are an error, not silently skipped.
 */
export function selectShops(selection: string | readonly string[] | undefined): readonly Shop[] {
  const names = (typeof selection === 'string' ? selection.split(',') : (selection ?? []))
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) return shops;
  const unknown = names.filter((name) => !shopBySegment(name));
  if (unknown.length > 0) {
    throw new Error(`Unknown shop ${unknown.join(', ')}; known: ${shops.map((s) => s.segment).join(', ')}`);
  }
  return shops.filter((shop) => names.includes(shop.segment));
}
