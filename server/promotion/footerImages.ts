import { Hono } from 'hono';
import { footerImageSources, type FooterImageSource } from '../../src/shared/footer/logoSources.ts';
import { services } from '../../src/shared/routes.ts';

/**
 * Stand-in for the footer image service: `/service/footer-images/logos/{name}.svg` for every logo source (the
 * footer's icons are the site's own sprite, src/lib/footer/footerIcons.ts). The real service serves the brands' artwork;
 * these are drawn stand-ins (seals, brand-coloured cards) so the demo shows something of the right size without network.
 */
export function footerImageRoutes(): Hono {
  const app = new Hono();
  const logoFiles = new Map(
    Object.entries(footerImageSources).map(([source, file]) => [`${file}.svg`, source as FooterImageSource]),
  );

  app.get(services.footerImages.calls.logo.path, (c) => {
    const source = logoFiles.get(c.req.param('file'));
    if (!source) return c.notFound();
    return svg(logoSvg(logoText[source], logoStyle[source]));
  });
  return app;
}

function svg(body: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** What a logo stands for decides its stand-in's shape: a round seal, or a card with the brand's colours. */
type LogoStyle = { kind: 'seal' } | { kind: 'card'; background: string; text: string };

const text = (lines: readonly string[], y: number, fill: string, size: (line: string) => number) =>
  lines
    .map(
      (line, i) =>
        `<text x="40" y="${y + i * 13}" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="${size(line)}" font-weight="700" fill="${fill}">${escapeXml(line)}</text>`,
    )
    .join('');

/**
 * An 80 x 80 stand-in: quality seals as a round seal with a tick, payment and delivery brands as a card in the brand's
 * colours with its name. Drawn on purpose, so the demo footer looks finished without the brands' artwork.
 */
function logoSvg(lines: readonly string[], style: LogoStyle): string {
  const size = (line: string) => (line.length > 9 ? 8.5 : line.length > 6 ? 10 : 12);
  if (style.kind === 'seal') {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80"><circle cx="40" cy="40" r="37" fill="#fff" stroke="#1f6f43" stroke-width="3"/><circle cx="40" cy="40" r="31" fill="none" stroke="#1f6f43" stroke-width="1" stroke-dasharray="2 2"/><path d="M33 22l5 5 9-10" fill="none" stroke="#1f6f43" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>${text(lines, lines.length === 1 ? 50 : 44, '#1d1d1b', size)}</svg>`;
  }
  const y = lines.length === 1 ? 45 : 39;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80"><rect x="3" y="17" width="74" height="46" rx="7" fill="${style.background}" stroke="#d6d6d1" stroke-width="1"/>${text(lines, y, style.text, size)}</svg>`;
}

const card = (background: string, textColour: string): LogoStyle => ({ kind: 'card', background, text: textColour });
const seal: LogoStyle = { kind: 'seal' };

const logoStyle: Record<FooterImageSource, LogoStyle> = {
  TRUSTED_SHOPS: seal,
  EHI_CERTIFIED: seal,
  TUEV_SUED: seal,
  HANDELSVERBAND: seal,
  ECOMMERCE_GUETEZEICHEN: seal,
  SWISS_ONLINE_GARANTIE: seal,
  HEUREKA_OVERENO: seal,
  ARUKERESO_MEGBIZHATO: seal,
  OVERENE_ZAKAZNIKMI: seal,
  ETBIS: seal,
  OPINEO: seal,
  VISA: card('#1a1f71', '#fff'),
  MASTERCARD: card('#252525', '#fff'),
  PAYPAL: card('#fff', '#003087'),
  KLARNA: card('#ffb3c7', '#17120f'),
  INVOICE: card('#f2f2ef', '#1d1d1b'),
  TWINT: card('#000', '#fff'),
  POSTFINANCE: card('#ffcc00', '#1d1d1b'),
  BLIK: card('#000', '#fff'),
  TROY: card('#00a3e0', '#fff'),
  DHL: card('#ffcc00', '#d40511'),
  POST_AT: card('#ffdc00', '#1d1d1b'),
  POST_CH: card('#ffcc00', '#1d1d1b'),
  PPL: card('#004a99', '#fff'),
  PACKETA: card('#ba1b02', '#fff'),
  MAGYAR_POSTA: card('#e30613', '#fff'),
  YURTICI: card('#004b93', '#fff'),
  INPOST: card('#ffcd00', '#1d1d1b'),
};

const logoText: Record<FooterImageSource, readonly string[]> = {
  TRUSTED_SHOPS: ['Trusted', 'Shops'],
  EHI_CERTIFIED: ['EHI', 'geprüft'],
  TUEV_SUED: ['TÜV', 'SÜD'],
  HANDELSVERBAND: ['Trust', 'mark'],
  ECOMMERCE_GUETEZEICHEN: ['E-Com', 'Gütezeichen'],
  SWISS_ONLINE_GARANTIE: ['Swiss', 'Garantie'],
  HEUREKA_OVERENO: ['Heureka', 'ověřeno'],
  ARUKERESO_MEGBIZHATO: ['Árukereső', 'megbízható'],
  OVERENE_ZAKAZNIKMI: ['Overené', 'zákazníkmi'],
  ETBIS: ['ETBİS'],
  OPINEO: ['Opineo'],
  VISA: ['VISA'],
  MASTERCARD: ['Master', 'card'],
  PAYPAL: ['PayPal'],
  KLARNA: ['Klarna'],
  INVOICE: ['Rechnung'],
  TWINT: ['TWINT'],
  POSTFINANCE: ['Post', 'Finance'],
  BLIK: ['BLIK'],
  TROY: ['TROY'],
  DHL: ['DHL'],
  POST_AT: ['Post', 'AT'],
  POST_CH: ['Die Post', 'CH'],
  PPL: ['PPL'],
  PACKETA: ['Packeta'],
  MAGYAR_POSTA: ['Magyar', 'Posta'],
  YURTICI: ['Yurtiçi', 'Kargo'],
  INPOST: ['InPost'],
};
