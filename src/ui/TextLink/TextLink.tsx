import type { MouseEvent, ReactNode, Ref } from 'react';
import { Icon } from '../Icon/Icon.tsx';
import type { IconName } from '../../shared/iconNames.ts';
import './TextLink.css';

export interface TextLinkProps {
  /** The link text. */
  children: ReactNode;
  /**
   * Element: `anchor` (default, `<a href>`), `button` (an action that looks like a link, e.g. "open consent
   * settings"), or `router` (`<a href>` whose plain left click is handed to `onNavigate` instead of loading a page;
   * modified clicks such as Ctrl+click still open normally).
   */
  as?: 'anchor' | 'button' | 'router';
  /** Target for `anchor` and `router`. */
  href?: string;
  /** For `router`: called with `href` on a plain left click; the page load is prevented. */
  onNavigate?: (href: string) => void;
  /** For `button`: click handler. */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  /** Icon after the text, e.g. `external-link` or `chevron-right` (decorative). */
  appendIcon?: IconName;
  /** `default` (link colour) or `inherit` (takes the surrounding text colour, for footers and dark bands). */
  tone?: 'default' | 'inherit';
  /** Opens in a new tab (`target="_blank"` with `rel="noopener noreferrer"`); say so in the text. */
  newTab?: boolean;
  /** Ref to the rendered element. */
  ref?: Ref<HTMLButtonElement | HTMLAnchorElement>;
  /** Extra class names for layout by the parent. */
  className?: string;
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** An inline text link rendered as anchor, button or router link, all with the same look. */
export function TextLink({
  children,
  as = 'anchor',
  href,
  onNavigate,
  onClick,
  appendIcon,
  tone = 'default',
  newTab,
  ref,
  className,
}: TextLinkProps) {
  const classes = ['ui-text-link', `ui-text-link--${tone}`, className].filter(Boolean).join(' ');
  const content = (
    <>
      {children}
      {appendIcon && <Icon name={appendIcon} size={12} className="ui-text-link__icon" />}
    </>
  );
  if (as === 'button') {
    return (
      <button ref={ref as Ref<HTMLButtonElement>} type="button" className={classes} onClick={onClick}>
        {content}
      </button>
    );
  }
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (as !== 'router' || !onNavigate || !href || !isPlainLeftClick(event) || newTab) return;
    event.preventDefault();
    onNavigate(href);
  };
  return (
    <a
      ref={ref as Ref<HTMLAnchorElement>}
      className={classes}
      href={href}
      onClick={handleClick}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener noreferrer' : undefined}
    >
      {content}
    </a>
  );
}
