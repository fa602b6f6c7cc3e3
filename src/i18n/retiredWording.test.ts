import { describe, expect, test } from 'vitest';
import { shops } from '../shared/countries.ts';
import { shopTexts } from './shownTexts.ts';

// Wordings a fluent or legal review retired (issue 23, second review round), by shop: none may come back in the shop's
// catalogue (de-AT and de-CH through their de-DE fallback) or in any of its footer versions and fallbacks. Each pattern
// matches the old text and not its replacement; copy.test.ts states what the new texts must say.
const firstRound: Record<string, RegExp[]> = {
  de: [/Angebote, die zu mir passen/u, /Bis zum 19\. Dezember bestellt,/u, /ausschließlich für den Versand/u],
  at: [
    /Angebote, die zu mir passen/u,
    /Bis zum 18\. Dezember bestellt,/u,
    /vor dem Heiligen Abend/u,
    /ausschließlich für den Versand/u,
  ],
  ch: [
    /Angebote, die zu mir passen/u,
    /Bis zum 18\. Dezember bestellt,/u,
    /^Kundenkarte$/u,
    /Kundendienst/u,
    /ausschliesslich für den Versand/u,
  ],
  'ch-fr': [
    /retirez gratuitement dans/u,
    /dans chaque filiale/u,
    /carte client/iu,
    /incluent la TVA/u,
    /à tout moment pour l’avenir/u,
    /^Reprendre la suggestion/u,
    /uniquement pour l’envoi/u,
  ],
  cz: [/Aroma k tomu smí/u, /^Převzít návrh/u, /výhradně k zasílání/u],
  hu: [
    /^Továbbiak$/u,
    /^Kevesebb$/u,
    /a\(z\) \{\{email\}\}/u,
    /^Feliratkozását elküldjük$/u,
    /átvétele a keresőmezőbe/u,
    /kizárólag a hírlevél/u,
  ],
  sk: [/Späť hore/u, /bohužiaľ neexistuje/u, /^Prevziať návrh/u, /výlučne na zasielanie/u],
  tr: [
    /Aydınlatma Metni’ni okudum/u,
    /tarafıma/u,
    /Aroma tarafından/u,
    /^Üye olmak/u,
    /hoş geldin indiriminiz,/u,
    /(^|[^.\d])1000\u00a0TL/u,
    /kaydını onaylama/u,
    /tema dünya/u,
    /^Aboneliğiniz gönderiliyor$/u,
    /yalnızca e-bülten gönderimi/u,
  ],
  pl: [
    /od 16\. roku życia/u,
    /jest polem obowiązkowym/u,
    /światach tematycznych/u,
    /^Przed złożeniem zamówienia/u,
    /wyłącznie do wysyłki/u,
  ],
};

// The subscriber journey's strings (mails, preferences page, confirmation page, 503 page), reviewed after they landed:
// the confirmation mail confirms the sign-up, not only the address; the voucher is for one online order, not "the
// next"; a repeated code is offered in case it is still unused (redeeming is the checkout's business, which the
// newsletter cannot see); the footnote's once-per-address limit; one word each for the preferences and for leaving.
const german = [
  /Bitte bestätigen Sie Ihre E-Mail-Adresse mit einem Klick/u,
  /auf Ihre nächste Online-Bestellung/u,
  /Er ist noch gültig, hier ist er/u,
  /Den Willkommensgutschein gibt es einmal/u,
  /bestätigt haben\. Er gilt für eine Online-Bestellung\.$/u,
  /abbestellen/u,
  /^Newsletter-Einstellungen ändern oder abmelden$/u,
  /Aroma-Newsletter an \{\{email\}\}/u,
];
const subscriberJourney: Record<string, RegExp[]> = {
  de: german,
  at: german,
  ch: german,
  'ch-fr': [
    /Veuillez confirmer votre adresse e-mail en cliquant/u,
    /^Plus qu’un clic avant/u,
    /^Bon retour dans la newsletter/u,
    /sur votre prochaine commande/u,
    /Il est toujours valable, le voici/u,
    /Vous l’avez déjà reçu, cet e-mail ne contient donc/u,
    /inscription\. Il est valable pour une commande en ligne\.$/u,
    /vous désabonner/u,
    /^Modifier vos paramètres ou vous désinscrire$/u,
    /ne peuvent pas être chargés/u,
    /La boutique n’est pas accessible/u,
  ],
  cz: [
    /Potvrďte prosím svou e-mailovou adresu/u,
    /na příští online nákup/u,
    /Stále platí, tady je znovu/u,
    /potvrdíte přihlášení\. Platí pro jeden online nákup\.$/u,
    /^Nastavení vašeho newsletteru$/u,
    /s účinkem do budoucna/u,
    /^Vaše odhlášení z newsletteru proběhlo$/u,
    /Od teď/u,
  ],
  hu: [
    /erősítse meg e-mail-címét/u,
    /következő online vásárlására/u,
    /Még érvényes, itt van újra/u,
    /^Az üdvözlő kupon e-mail-címenként egyszer jár/u,
    /^Vásárlás most$/u,
    /feliratkozását\. A kupon egy hónapig/u,
    /^Feliratkozását megerősítjük…$/u,
    /^Beállításait betöltjük…$/u,
    /^Módosításait mentjük$/u,
    /^Leiratkozását elküldjük$/u,
    /^Újrapróbálás$/u,
  ],
  sk: [
    /Potvrďte, prosím, svoju e-mailovú adresu/u,
    /na ďalší online nákup/u,
    /Stále platí, tu je znova/u,
    /potvrdíte prihlásenie\. Platí na jeden online nákup\.$/u,
    /^Nastavenia vášho newslettera$/u,
    /s účinkom do budúcnosti/u,
    /^Vaše odhlásenie z newslettera prebehlo$/u,
  ],
  tr: [
    /butona tıklayarak e-posta adresinizi onaylayın/u,
    /onaylanmayan abonelikler bu/u,
    /bir sonraki online siparişinizde/u,
    /Kodunuz hâlâ geçerli/u,
    /İndirim kodu tek bir online siparişte geçerlidir\.$/u,
    /size artık e-bülten göndermeyiz/u,
    /^Abonelikten çıkışınız gönderiliyor$/u,
    /tercihlerinizi/u,
  ],
  pl: [
    /Potwierdź swój adres e-mail, klikając/u,
    /^Jeszcze tylko jedno kliknięcie do Twojego/u,
    /wysyłać Ci newsletter i wyślemy Ci/u,
    /na kolejne zamówienie online/u,
    /Nadal jest ważny – oto on/u,
    /Możesz go wykorzystać przy jednym zamówieniu online\.$/u,
    /^Twoja rezygnacja z newslettera została przyjęta$/u,
  ],
};

// The newsletter review by fluent readers and lawyers (issue 31): the voucher preheader of the double opt-in mail, the
// brand in the legal notices, articles before a numeral, months and days written by hand, old progress texts.
const germanReview = [
  /als Erstes/u,
  /Nur noch ein Klick bis zu Ihrem Willkommensgutschein/u,
  /^Ihre Abmeldung wird gesendet$/u,
];
const newsletterReview: Record<string, RegExp[]> = {
  de: germanReview,
  at: germanReview,
  ch: [...germanReview, /Datenschutzhinweis/u],
  'ch-fr': [/bon d’achat/u, /^Plus qu’un clic pour recevoir votre bon/u, /^Envoi de votre désinscription en cours$/u],
  cz: [/tematických světech/u, /^Už jen jedno kliknutí a uvítací poukaz/u, /^Odesíláme vaše odhlášení$/u],
  hu: [
    /Kedves Vásárlónk/u,
    /^Érvényes eddig:/u,
    /egy hónapig/u,
    /itt a \{\{percent\}\}%-os/u,
    /^Már csak egy kattintás az üdvözlő kuponig/u,
    /^Leiratkozás küldése…$/u,
  ],
  sk: [/tematických svetoch/u, /^Už len jedno kliknutie a uvítacia poukážka/u, /^Odosielame vaše odhlásenie$/u],
  tr: [/^Abone olarak Aroma’nın/u, /onayınızı ve açık rızanızı/u, /indirim kodunuza yalnızca bir tık kaldı/u],
  pl: [/od Aroma informacji/u, /dzieli Cię od kuponu powitalnego/u, /^Wysyłamy Twoją rezygnację$/u],
};

// Copy round four (issue 43): what the old texts said where the code does more, or where fluent readers and lawyers
// write it otherwise.
const germanRoundFour = [/(?<!\u00a0)…/u];
const roundFour: Record<string, RegExp[]> = {
  de: germanRoundFour,
  at: germanRoundFour,
  ch: germanRoundFour,
  'ch-fr': [/n’est qu’un espace réservé/u, /^Confirmer l’inscription$/u],
  cz: [],
  hu: [/itt csak helyőrző áll/u],
  sk: [],
  tr: [
    /gönderimin durdurulacağını/u,
    /gönderimi durdururuz/u,
    /^Size bir hoş geldin e-postası gönderiyoruz\.$/u,
    /onayınızı ve, verdiyseniz,/u,
    /^Lütfen bülten aboneliğinizi düğmeye tıklayarak onaylayın\.$/u,
    /^Abonelikten çıkma talebiniz gönderiliyor$/u,
    /^Aboneliği onayla$/u,
    /yalnızca yer tutucu bulunur/u,
  ],
  pl: [/zapis na newsletter/u, /^Potwierdź zapis$/u],
};

const rounds = [firstRound, subscriberJourney, newsletterReview, roundFour];
const retired: Record<string, RegExp[]> = Object.fromEntries(
  Object.keys(firstRound).map((segment) => [segment, rounds.flatMap((round) => round[segment] ?? [])]),
);

describe('retired wordings', () => {
  test('cover every shop', () => {
    for (const round of rounds) expect(Object.keys(round).sort()).toEqual(shops.map((shop) => shop.segment).sort());
  });

  test.each(shops.map((shop) => [shop.segment, shop.locale] as const))('%s shows none of them', (segment, locale) => {
    const texts = shopTexts(locale, segment);
    const found = retired[segment]!.flatMap((pattern) =>
      texts.filter((text) => pattern.test(text)).map((text) => `${pattern} in "${text}"`),
    );
    expect(found).toEqual([]);
  });
});
