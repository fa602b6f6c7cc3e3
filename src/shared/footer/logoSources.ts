import { serviceUrl } from '../routes/service.ts';
import { footerImagesService } from '../routes/footerImages.ts';

/**
 * The fixed list of image sources the CMS may name for quality logos and teaser images
 * (docs/footer.md#images-and-icons), each mapped to a file the footer image service serves. A source not in this list
 * is dropped from the content and reported.
 */
export const footerImageSources = {
  TRUSTED_SHOPS: 'trusted-shops',
  EHI_CERTIFIED: 'ehi-certified',
  TUEV_SUED: 'tuev-sued',
  HANDELSVERBAND: 'handelsverband',
  ECOMMERCE_GUETEZEICHEN: 'ecommerce-guetezeichen',
  SWISS_ONLINE_GARANTIE: 'swiss-online-garantie',
  HEUREKA_OVERENO: 'heureka-overeno',
  ARUKERESO_MEGBIZHATO: 'arukereso-megbizhato',
  OVERENE_ZAKAZNIKMI: 'overene-zakaznikmi',
  ETBIS: 'etbis',
  OPINEO: 'opineo',
  VISA: 'visa',
  MASTERCARD: 'mastercard',
  PAYPAL: 'paypal',
  KLARNA: 'klarna',
  INVOICE: 'invoice',
  TWINT: 'twint',
  POSTFINANCE: 'postfinance',
  BLIK: 'blik',
  TROY: 'troy',
  DHL: 'dhl',
  POST_AT: 'post-at',
  POST_CH: 'post-ch',
  PPL: 'ppl',
  PACKETA: 'packeta',
  MAGYAR_POSTA: 'magyar-posta',
  YURTICI: 'yurtici',
  INPOST: 'inpost',
} as const;

/** A logo source name as the CMS writes it, e.g. `TRUSTED_SHOPS`. */
export type FooterImageSource = keyof typeof footerImageSources;

export function isFooterImageSource(value: unknown): value is FooterImageSource {
  return typeof value === 'string' && Object.hasOwn(footerImageSources, value);
}

/** Path of the image for a logo source, e.g. `/service/footer-images/logos/trusted-shops.svg`. */
export function logoPath(source: FooterImageSource): string {
  return serviceUrl(footerImagesService, 'logo', { file: `${footerImageSources[source]}.svg` });
}

/** Icons the footer knows (teaser headings, social and app links); anything else renders without an icon. */
export const footerIconNames = [
  'payment',
  'delivery',
  'store',
  'returns',
  'contact',
  'card',
  'services',
  'company',
  'facebook',
  'instagram',
  'youtube',
  'pinterest',
  'tiktok',
  'linkedin',
  'appStore',
  'googlePlay',
] as const;

export type FooterIconName = (typeof footerIconNames)[number];
