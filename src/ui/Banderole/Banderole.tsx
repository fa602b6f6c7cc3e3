import { Icon } from '../Icon/Icon.tsx';
import type { IconName } from '../../shared/iconNames.ts';
import './Banderole.css';

/** `promotion` for prices and vouchers, `new` for novelties, `information` for neutral notes, `sustainable` for eco claims. */
export type BanderoleVariant = 'promotion' | 'new' | 'information' | 'sustainable';

export interface BanderoleProps {
  /** Colour scheme. Default `promotion`. */
  variant?: BanderoleVariant;
  /** The text, already translated (e.g. "−10 %" or "Neu"). Kept short: a banderole is one line. */
  text: string;
  /** Icon before the text (decorative). */
  icon?: IconName;
  /** Extra class names for layout by the parent. */
  className?: string;
}

/** A strip of text that sits on a teaser or product picture to flag a promotion or novelty. */
export function Banderole({ variant = 'promotion', text, icon, className }: BanderoleProps) {
  return (
    <span className={['ui-banderole', `ui-banderole--${variant}`, className].filter(Boolean).join(' ')}>
      {icon && <Icon name={icon} size={16} />}
      <span>{text}</span>
    </span>
  );
}
