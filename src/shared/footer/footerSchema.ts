import * as v from 'valibot';
import { footerImageSources, type FooterImageSource } from './logoSources.ts';
import { isSafeUrl } from './safeUrl.ts';

const text = v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty'));
/** A link target; unsafe ones are removed by `sanitizeFooterContent` before parsing, this is the backstop. */
const href = v.pipe(v.string(), v.check(isSafeUrl, 'is not a relative path or an http(s), mailto or tel URL'));
const imageSource = v.picklist(Object.keys(footerImageSources) as FooterImageSource[], 'is not a known logo source');
/** Largest width or height in px CMS content may give a quality logo (docs/constants.md#limits). */
export const LOGO_MAX_PIXELS = 400;
/** Width and height in px of a quality logo whose content gives none (docs/constants.md#sizes). */
export const LOGO_DEFAULT_PIXELS = 80;
const pixels = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LOGO_MAX_PIXELS));

/** A link with its visible text (SEO columns, legal links, VAT note). */
export const textLinkSchema = v.object({
  /** Target: a site-relative path or an http(s), mailto or tel URL. */
  url: href,
  /** Visible text, rendered as text. */
  text,
});

/** One link of a service group. */
export const teaserLinkSchema = v.object({
  /** Target of the link. */
  link: href,
  /** Visible text. */
  text,
  /** Not shown on the desktop (CLASSIC) platform, e.g. "call us" links meant for phones. */
  hideInClassic: v.optional(v.boolean(), false),
});

/** A small image of a service group, e.g. a payment method. */
export const teaserImageSchema = v.object({
  /** Alternative text. */
  label: text,
  /** One of the fixed logo sources. */
  source: imageSource,
});

/** A service group: payment, delivery, pickup in store, returns, contact, loyalty card, other services, company. */
export const teaserGroupSchema = v.object({
  heading: v.object({
    /** Heading text. */
    text,
    /** Name of the heading icon; unknown names render without icon. */
    iconName: v.optional(v.string()),
    /** Optional page the heading links to. */
    link: v.optional(href),
  }),
  /** Dropped from the reduced footer on the checkout page. */
  hideGroupInCheckout: v.optional(v.boolean(), false),
  /** Teaser text under the heading (hidden in the reduced footer). */
  introductoryText: v.optional(v.string()),
  links: v.optional(v.array(teaserLinkSchema), []),
  images: v.optional(v.array(teaserImageSchema), []),
});

/** A social-media or app-store link shown as an icon. */
export const iconLinkSchema = v.object({
  /** Which icon: `facebook`, `instagram`, `appStore`, ... */
  iconName: text,
  /** Target of the link. */
  link: href,
  /** Accessible name, e.g. "Aroma auf Instagram". */
  label: text,
});

const iconListSchema = v.object({ heading: text, icons: v.array(iconLinkSchema) });

/** A quality seal with its image. */
export const qualityLogoSchema = v.object({
  /** Optional target, e.g. the certificate page. */
  link: v.optional(href),
  image: v.object({
    /** Alternative text. */
    label: text,
    /** One of the fixed logo sources. */
    source: imageSource,
    /** Intrinsic size, so the logo takes its place before it loads (`LOGO_DEFAULT_PIXELS` square by default). */
    width: v.optional(pixels, LOGO_DEFAULT_PIXELS),
    height: v.optional(pixels, LOGO_DEFAULT_PIXELS),
  }),
});

/** What a legal link is for; `consentManagement` opens the consent dialog when JavaScript runs. */
export const legalLinkKinds = [
  'imprint',
  'privacy',
  'terms',
  'withdrawal',
  'consentManagement',
  'subscriptionCancellation',
  'other',
] as const;

export const legalLinkSchema = v.object({
  ...textLinkSchema.entries,
  kind: v.optional(v.picklist(legalLinkKinds), 'other'),
});

/**
 * The footer content of one country shop, as the CMS delivers it in `SHOP_FOOTER.contentJSON`
 * (docs/footer.md#content-schema).
 */
export const footerContentSchema = v.object({
  /** Heading of the service area. */
  headline: text,
  teaserGroups: v.array(teaserGroupSchema),
  /** Popular categories. */
  seo: v.optional(v.object({ heading: text, columns: v.array(v.object({ links: v.array(textLinkSchema) })) })),
  socialMedia: v.optional(iconListSchema),
  appReferences: v.optional(iconListSchema),
  legalLinks: v.array(legalLinkSchema),
  /** Labels of the switch to the mobile or desktop view. */
  viewChanger: v.optional(v.object({ toMobile: text, toDesktop: text })),
  qualityLogos: v.optional(v.object({ heading: text, logos: v.array(qualityLogoSchema) })),
  /** The VAT and shipping note: text, an optional link, text. */
  salesTax: v.object({
    textBeforeLink: v.string(),
    link: v.optional(textLinkSchema),
    textAfterLink: v.optional(v.string(), ''),
  }),
});

export type FooterContent = v.InferOutput<typeof footerContentSchema>;
export type TeaserGroup = v.InferOutput<typeof teaserGroupSchema>;
export type TeaserLink = v.InferOutput<typeof teaserLinkSchema>;
export type TextLink = v.InferOutput<typeof textLinkSchema>;
export type LegalLink = v.InferOutput<typeof legalLinkSchema>;
export type IconLink = v.InferOutput<typeof iconLinkSchema>;
export type QualityLogo = v.InferOutput<typeof qualityLogoSchema>;
