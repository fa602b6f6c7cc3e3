import { Hono } from 'hono';
import { footerIconNames, footerImageSources, type FooterImageSource } from '../src/lib/footer/logoSources.ts';

/**
 * Stand-in for the footer image service: `/service/footer-images/logos/{name}.svg` for every logo source and
 * `/service/footer-images/icons/{name}.svg` for every footer icon. The real service serves the brands' artwork;
 * these are plain badges with the brand's name so the demo shows something of the right size without network.
 */
export function footerImageRoutes(): Hono {
  const app = new Hono();
  const logoFiles = new Map(Object.entries(footerImageSources).map(([source, file]) => [`${file}.svg`, source as FooterImageSource]));

  app.get('/logos/:file', (c) => {
    const source = logoFiles.get(c.req.param('file'));
    if (!source) return c.notFound();
    return svg(logoSvg(logoText[source]));
  });
  app.get('/icons/:file', (c) => {
    const name = c.req.param('file').replace(/\.svg$/, '');
    if (!(footerIconNames as readonly string[]).includes(name)) return c.notFound();
    return svg(iconSvg(iconGlyphs[name as (typeof footerIconNames)[number]]));
  });
  return app;
}

function svg(body: string): Response {
  return new Response(body, {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
  });
}

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** An 80 x 80 badge with up to two lines of text. */
function logoSvg(lines: readonly string[]): string {
  const texts = lines.map((line, i) => `<text x="40" y="${lines.length === 1 ? 45 : 37 + i * 14}" text-anchor="middle" font-family="Arial,sans-serif" font-size="${line.length > 9 ? 9 : 12}" font-weight="700" fill="#1d1d1b">${escapeXml(line)}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80"><rect x="2" y="2" width="76" height="76" rx="12" fill="#fff" stroke="#55554f" stroke-width="2"/>${texts.join('')}</svg>`;
}

/** A 44 x 66 teaser icon (4.4rem by 6.6rem at the original 10 px root, docs/constants.md#sizes), glyph centred. */
function iconSvg(glyph: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="44" height="66" viewBox="0 0 44 66"><circle cx="22" cy="33" r="20" fill="#004f8a"/><text x="22" y="39" text-anchor="middle" font-family="Arial,sans-serif" font-size="16" font-weight="700" fill="#fff">${escapeXml(glyph)}</text></svg>`;
}

const logoText: Record<FooterImageSource, readonly string[]> = {
  TRUSTED_SHOPS: ['Trusted', 'Shops'], EHI_CERTIFIED: ['EHI', 'geprüft'], TUEV_SUED: ['TÜV', 'SÜD'], HANDELSVERBAND: ['Trust', 'mark'],
  ECOMMERCE_GUETEZEICHEN: ['E-Com', 'Gütezeichen'], SWISS_ONLINE_GARANTIE: ['Swiss', 'Garantie'], HEUREKA_OVERENO: ['Heureka', 'ověřeno'],
  ARUKERESO_MEGBIZHATO: ['Árukereső', 'megbízható'], OVERENE_ZAKAZNIKMI: ['Overené', 'zákazníkmi'], ETBIS: ['ETBİS'], OPINEO: ['Opineo'],
  VISA: ['VISA'], MASTERCARD: ['Master', 'card'], PAYPAL: ['PayPal'], KLARNA: ['Klarna'], INVOICE: ['€', 'Rechnung'], TWINT: ['TWINT'],
  POSTFINANCE: ['Post', 'Finance'], BLIK: ['BLIK'], TROY: ['TROY'], DHL: ['DHL'], POST_AT: ['Post', 'AT'], POST_CH: ['Die Post', 'CH'],
  PPL: ['PPL'], PACKETA: ['Packeta'], MAGYAR_POSTA: ['Magyar', 'Posta'], YURTICI: ['Yurtiçi', 'Kargo'], INPOST: ['InPost'],
};

const iconGlyphs: Record<(typeof footerIconNames)[number], string> = {
  payment: '€', delivery: '⇨', store: '⌂', returns: '↺', contact: '?', card: '★', services: '+', company: 'A',
  facebook: 'f', instagram: '◎', youtube: '▶', pinterest: 'P', tiktok: '♪', linkedin: 'in', appStore: 'A', googlePlay: '▷',
};
