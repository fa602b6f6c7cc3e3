import type { MouseEvent, Ref } from 'react';
import { Icon } from '../Icon/Icon.tsx';
import type { IconSize } from '../Icon/iconSizes.ts';
import type { IconName } from '../../shared/iconNames.ts';
import './IconButton.css';

export interface IconButtonProps {
  /** The icon shown. */
  icon: IconName;
  /** Accessible name, already translated (e.g. "Hinweis schließen"). Required: an icon alone names nothing. */
  label: string;
  /** Icon size in px: 12, 16 or 24 (default). The touch target stays at least 44 × 44 px. */
  iconSize?: IconSize;
  /** `button` (default), `submit` or `reset`. */
  type?: 'button' | 'submit' | 'reset';
  /** Native disabled state. */
  disabled?: boolean;
  /** For toggles (e.g. show password): the pressed state, announced as `aria-pressed`. Leave out for plain actions. */
  pressed?: boolean;
  /** Id of the element the button controls (`aria-controls`). */
  controls?: string;
  /** Click handler. */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  /** Ref to the `<button>`. */
  ref?: Ref<HTMLButtonElement>;
  /** Extra class names for layout by the parent. */
  className?: string;
}

/** A button that shows only an icon; its name comes from `label` via `aria-label`. */
export function IconButton({
  icon,
  label,
  iconSize = 24,
  type = 'button',
  disabled,
  pressed,
  controls,
  onClick,
  ref,
  className,
}: IconButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      className={['ui-icon-button', className].filter(Boolean).join(' ')}
      aria-label={label}
      aria-pressed={pressed}
      aria-controls={controls}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon name={icon} size={iconSize} />
    </button>
  );
}
