import { iconSpriteUrl, type IconName } from '../../shared/iconNames.ts';
import { defaultIconSize, type IconSize } from './iconSizes.ts';
import './Icon.css';

export interface IconProps {
  /** Symbol of the sprite `public/icons.svg`. */
  name: IconName;
  /** Edge length in px before scaling (`iconSizes`). Default `defaultIconSize`. */
  size?: IconSize;
  /** Multiplies the size, e.g. 2 for a 32 px icon from size 16. Default 1. */
  scale?: number;
  /** Draw in the surrounding text colour (default true); false draws in the icon accent colour. */
  currentColor?: boolean;
  /**
   * Accessible name when the icon alone carries meaning. Without it the icon is decorative and hidden from
   * assistive technology (`aria-hidden`), which is right whenever a text label sits next to it.
   */
  label?: string;
  /** Extra class names for layout by the parent. */
  className?: string;
}

/**
 * One icon from the sprite. Size is set with the `width`/`height` attributes rather than a style attribute,
 * which the page's Content-Security-Policy would block.
 */
export function Icon({ name, size = defaultIconSize, scale = 1, currentColor = true, label, className }: IconProps) {
  const edge = Math.round(size * scale);
  const classes = ['ui-icon', currentColor ? null : 'ui-icon--accent', className].filter(Boolean).join(' ');
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg className={classes} width={edge} height={edge} focusable="false" data-icon={name} {...a11y}>
      <use href={`${iconSpriteUrl}#${name}`} />
    </svg>
  );
}
