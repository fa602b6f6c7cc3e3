import type { ReactNode } from 'react';
import { Icon } from '../Icon/Icon.tsx';
import type { IconName } from '../../shared/iconNames.ts';
import './Label.css';

export interface LabelProps {
  /** The text, already translated (e.g. "Versandkostenfrei"). */
  children: ReactNode;
  /** Icon next to the text (decorative: the text says it all). */
  icon?: IconName;
  /** Side of the icon: `left` (default) or `right`. In right-to-left text the sides follow the writing direction. */
  iconPosition?: 'left' | 'right';
  /** Extra class names for layout by the parent. */
  className?: string;
}

/** A short piece of text with an optional icon, e.g. a product property or a delivery promise. Not a form label. */
export function Label({ children, icon, iconPosition = 'left', className }: LabelProps) {
  const iconElement = icon && <Icon name={icon} size={16} className="ui-label__icon" />;
  return (
    <span className={['ui-label', className].filter(Boolean).join(' ')}>
      {iconPosition === 'left' && iconElement}
      <span className="ui-label__text">{children}</span>
      {iconPosition === 'right' && iconElement}
    </span>
  );
}
