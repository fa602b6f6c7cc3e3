import type { Shop } from '../../shared/countries.ts';
import type { FooterContent } from '../../shared/footer/footerSchema.ts';
import { shopHref, type RetailerLink } from '../retailerLinks.ts';

/** Every link of footer content with the text it is shown with, in the order the footer shows them. */
export function footerLinks(content: FooterContent): RetailerLink[] {
  const links: RetailerLink[] = [];
  for (const group of content.teaserGroups) {
    if (group.heading.link) links.push({ url: group.heading.link, text: group.heading.text });
    links.push(...group.links.map((link) => ({ url: link.link, text: link.text })));
  }
  for (const column of content.seo?.columns ?? []) links.push(...column.links);
  for (const list of [content.socialMedia, content.appReferences]) {
    links.push(...(list?.icons ?? []).map((icon) => ({ url: icon.link, text: icon.label })));
  }
  for (const logo of content.qualityLogos?.logos ?? [])
    if (logo.link) links.push({ url: logo.link, text: logo.image.label });
  links.push(...content.legalLinks);
  if (content.salesTax.link) links.push(content.salesTax.link);
  return links.map(({ url, text }) => ({ url, text }));
}

/**
 * Footer content with every shop-relative link resolved for the shop's pages (`shopHref`,
 * docs/footer.md#links-to-the-retailers-site); texts and everything else unchanged.
 */
export function withShopHrefs(content: FooterContent, shop: Shop): FooterContent {
  const href = (url: string) => shopHref(shop, url);
  const optionalHref = (url: string | undefined) => (url === undefined ? undefined : href(url));
  return {
    ...content,
    teaserGroups: content.teaserGroups.map((group) => ({
      ...group,
      heading: { ...group.heading, link: optionalHref(group.heading.link) },
      links: group.links.map((link) => ({ ...link, link: href(link.link) })),
    })),
    seo: content.seo && {
      ...content.seo,
      columns: content.seo.columns.map((column) => ({
        links: column.links.map((link) => ({ ...link, url: href(link.url) })),
      })),
    },
    socialMedia: content.socialMedia && {
      ...content.socialMedia,
      icons: content.socialMedia.icons.map((icon) => ({ ...icon, link: href(icon.link) })),
    },
    appReferences: content.appReferences && {
      ...content.appReferences,
      icons: content.appReferences.icons.map((icon) => ({ ...icon, link: href(icon.link) })),
    },
    qualityLogos: content.qualityLogos && {
      ...content.qualityLogos,
      logos: content.qualityLogos.logos.map((logo) => ({ ...logo, link: optionalHref(logo.link) })),
    },
    legalLinks: content.legalLinks.map((link) => ({ ...link, url: href(link.url) })),
    salesTax: {
      ...content.salesTax,
      link: content.salesTax.link && { ...content.salesTax.link, url: href(content.salesTax.link.url) },
    },
  };
}
