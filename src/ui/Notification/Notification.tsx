import { useState, type ReactNode } from 'react';
import type { UiStringKey } from '../../shared/i18n.ts';
import { Icon } from '../Icon/Icon.tsx';
import type { IconName } from '../../shared/iconNames.ts';
import { IconButton } from '../IconButton/IconButton.tsx';
import type { UiStrings } from '../strings.ts';
import './Notification.css';

/** Catalogue keys a Notification shows: pass `pickStrings(locale, notificationStringKeys)` as `strings`. */
export const notificationStringKeys = ['ui.notification.close'] as const satisfies readonly UiStringKey[];
export type NotificationStrings = UiStrings<(typeof notificationStringKeys)[number]>;

export type NotificationVariant = 'success' | 'warning' | 'information' | 'error';

export interface NotificationProps {
  /** Colour, icon and urgency: `success`, `warning`, `information` (default) or `error`. */
  variant?: NotificationVariant;
  /** The message in bold, already translated. */
  labelText?: ReactNode;
  /** Further text below the label (may contain links). */
  children?: ReactNode;
  /** No tinted background, only the coloured icon and border (for use on coloured surfaces). Default false. */
  transparent?: boolean;
  /** Show the close button. Default true; error banners the user cannot fix are shown with false. */
  showCloseIcon?: boolean;
  /**
   * Whether it is shown. Default true. Closing hides it on its own; a parent that controls it sets `open={false}`
   * in `onClose` and may open it again later by setting `open` back to true.
   */
  open?: boolean;
  /** Icon instead of the variant's own. */
  customIcon?: IconName;
  /** Translated strings; `ui.notification.close` names the close button. Required when `showCloseIcon`. */
  strings?: NotificationStrings;
  /** The close event: called when the user closes the notification. */
  onClose?: () => void;
  /** Extra class names for layout by the parent. */
  className?: string;
}

const variantIcons: Record<NotificationVariant, IconName> = {
  success: 'success',
  warning: 'warning',
  information: 'info',
  error: 'error',
};

/**
 * A message box. Error and warning are announced at once (`role="alert"`); success and information politely
 * (`role="status"`), so they do not interrupt what a screen reader is saying.
 */
export function Notification({
  variant = 'information',
  labelText,
  children,
  transparent = false,
  showCloseIcon = true,
  open = true,
  customIcon,
  strings,
  onClose,
  className,
}: NotificationProps) {
  const [closed, setClosed] = useState(false);
  // Re-opening through the `open` prop clears an earlier close (state derived from props, no effect needed).
  const [lastOpen, setLastOpen] = useState(open);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) setClosed(false);
  }
  if (!open || closed) return null;

  const urgent = variant === 'error' || variant === 'warning';
  const classes = [
    'ui-notification',
    `ui-notification--${variant}`,
    transparent ? 'ui-notification--transparent' : null,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} role={urgent ? 'alert' : 'status'}>
      <Icon name={customIcon ?? variantIcons[variant]} size={24} className="ui-notification__icon" />
      <div className="ui-notification__body">
        {labelText && <p className="ui-notification__label">{labelText}</p>}
        {children && <div className="ui-notification__text">{children}</div>}
      </div>
      {showCloseIcon && (
        <IconButton
          icon="close"
          iconSize={16}
          label={strings?.['ui.notification.close'] ?? ''}
          className="ui-notification__close"
          onClick={() => {
            setClosed(true);
            onClose?.();
          }}
        />
      )}
    </div>
  );
}
