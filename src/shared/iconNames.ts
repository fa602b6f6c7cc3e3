/** Every symbol in `public/icons.svg`, in sprite order. The Icon unit test checks that both lists agree. */
export const iconNames = [
  'close',
  'check',
  'info',
  'warning',
  'error',
  'success',
  'chevron-down',
  'chevron-up',
  'chevron-left',
  'chevron-right',
  'arrow-up',
  'arrow-right',
  'eye',
  'eye-off',
  'search',
  'minus',
  'plus',
  'copy',
  'trash',
  'external-link',
  'mail',
  'phone',
  'user',
  'cart',
  'heart',
  'truck',
  'store',
  'return',
  'credit-card',
  'loyalty-card',
  'gift',
  'percent',
  'help',
  'calendar',
  'settings',
  'logout',
  'globe',
  'facebook',
  'instagram',
  'youtube',
  'pinterest',
  'tiktok',
  'apple',
  'google-play',
  'chat',
  'grid-plus',
  'building',
  'app-store',
] as const;

/** The name of one icon of the sprite, e.g. `chevron-down`. */
export type IconName = (typeof iconNames)[number];

/** Whether a name from outside (CMS content such as a footer teaser's `iconName`) is an icon of the sprite. */
export function isIconName(name: string): name is IconName {
  return (iconNames as readonly string[]).includes(name);
}

/** Where the sprite is served; an `<svg><use>` points into it by symbol id. */
export const iconSpriteUrl = '/icons.svg';
