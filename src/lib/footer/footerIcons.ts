import type { IconName } from '../../shared/iconNames.ts';
import type { FooterIconName } from '../../shared/footer/logoSources.ts';

/**
 * The sprite icon drawn for each icon name the footer content may use (teaser headings, social and app links).
 * A name without an icon here (e.g. `linkedin`) renders as its text label.
 */
const footerSpriteIcons: Partial<Record<FooterIconName, IconName>> = {
  payment: 'credit-card',
  delivery: 'truck',
  store: 'store',
  returns: 'return',
  contact: 'chat',
  card: 'loyalty-card',
  services: 'grid-plus',
  company: 'building',
  facebook: 'facebook',
  instagram: 'instagram',
  youtube: 'youtube',
  pinterest: 'pinterest',
  tiktok: 'tiktok',
  appStore: 'app-store',
  googlePlay: 'google-play',
};

/** The sprite icon for a footer icon name from the content, or undefined when the footer draws none for it. */
export function footerSpriteIcon(name: string): IconName | undefined {
  return Object.hasOwn(footerSpriteIcons, name) ? footerSpriteIcons[name as FooterIconName] : undefined;
}
