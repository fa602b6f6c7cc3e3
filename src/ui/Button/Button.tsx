import type { MouseEvent, ReactNode, Ref } from 'react';
import type { UiStringKey } from '../../shared/i18n.ts';
import { Icon } from '../Icon/Icon.tsx';
import type { IconName } from '../../shared/iconNames.ts';
import { Spinner } from '../Spinner/Spinner.tsx';
import type { UiStrings } from '../strings.ts';
import './Button.css';

/** Catalogue keys a Button shows: pass `pickStrings(locale, buttonStringKeys)` as `strings`. */
export const buttonStringKeys = ['ui.loading'] as const satisfies readonly UiStringKey[];
export type ButtonStrings = UiStrings<(typeof buttonStringKeys)[number]>;

export type ButtonVariant = 'primary-fill' | 'primary-outline' | 'secondary-fill' | 'secondary-outline' | 'text';
/** `auto` fits the label; `full` fills the line; `full-mobile` fills the line below 768 px only. */
export type ButtonWidthBehaviour = 'auto' | 'full' | 'full-mobile';
export type ButtonState = 'none' | 'loading';

export interface ButtonProps {
  /** The label. */
  children: ReactNode;
  /** Look: `primary-fill` (default, the one main action), `primary-outline`, `secondary-fill`, `secondary-outline`, `text`. */
  variant?: ButtonVariant;
  /** Width: `auto` (default), `full`, `full-mobile`. */
  widthBehaviour?: ButtonWidthBehaviour;
  /** Icon before the label (decorative). */
  prependIcon?: IconName;
  /** Icon after the label (decorative). */
  appendIcon?: IconName;
  /** Element: `button` (default) or `a` (then `href` is required). */
  tag?: 'button' | 'a';
  /** Link target when `tag="a"`. */
  href?: string;
  /** Button type when `tag="button"`: `button` (default), `submit`, `reset`. */
  type?: 'button' | 'submit' | 'reset';
  /** Renders a plain disabled `<button>`, whatever `tag` says (a disabled link does not exist). */
  disabled?: boolean;
  /** `loading` shows the spinner, sets `aria-busy` and ignores clicks, so a form cannot be sent twice. Default `none`. */
  state?: ButtonState;
  /** Translated strings; `ui.loading` labels the spinner. Needed whenever `state` can be `loading`. */
  strings?: ButtonStrings;
  /** Click handler; not called while loading or disabled. */
  onClick?: (event: MouseEvent<HTMLButtonElement | HTMLAnchorElement>) => void;
  /**
   * Ref to the rendered element (e.g. to focus it). A `useRef<HTMLButtonElement>()` fits; it receives whichever
   * element is rendered (the casts below are safe because only that element ever attaches to it).
   */
  ref?: Ref<HTMLButtonElement | HTMLAnchorElement>;
  /** Extra class names for layout by the parent. */
  className?: string;
  /** Form owner, name and value pass through to a `<button>`. */
  form?: string;
  name?: string;
  value?: string;
}

/** The shop's button: one look for `<button>` and `<a>`, with a loading state that blocks double submits. */
export function Button({
  children,
  variant = 'primary-fill',
  widthBehaviour = 'auto',
  prependIcon,
  appendIcon,
  tag = 'button',
  href,
  type = 'button',
  disabled = false,
  state = 'none',
  strings,
  onClick,
  ref,
  className,
  form,
  name,
  value,
}: ButtonProps) {
  const loading = state === 'loading' && !disabled;
  const classes = [
    'ui-button',
    `ui-button--${variant}`,
    `ui-button--width-${widthBehaviour}`,
    loading ? 'ui-button--loading' : null,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      <span className="ui-button__content">
        {prependIcon && <Icon name={prependIcon} />}
        <span className="ui-button__label">{children}</span>
        {appendIcon && <Icon name={appendIcon} />}
      </span>
      {loading && (
        <Spinner size="small" label={strings?.['ui.loading'] ?? ''} live={false} className="ui-button__spinner" />
      )}
    </>
  );
  // Loading keeps the element focusable and in the tab order (unlike `disabled`) so focus is not lost mid-submit;
  // the click is swallowed here, including the native form submission of a submit button.
  const handleClick = (event: MouseEvent<HTMLButtonElement & HTMLAnchorElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  if (tag === 'a' && !disabled) {
    return (
      <a
        ref={ref as Ref<HTMLAnchorElement>}
        className={classes}
        href={href}
        aria-busy={loading || undefined}
        aria-disabled={loading || undefined}
        onClick={handleClick}
      >
        {content}
      </a>
    );
  }
  return (
    <button
      ref={ref as Ref<HTMLButtonElement>}
      className={classes}
      type={type}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={handleClick}
      form={form}
      name={name}
      value={value}
    >
      {content}
    </button>
  );
}
