import './Spinner.css';

/** small, medium, large = 16, 36, 48 px (docs/constants.md#sizes). */
export type SpinnerSize = 'small' | 'medium' | 'large';

export interface SpinnerProps {
  /** Diameter: small 16 px, medium 36 px (default), large 48 px. */
  size?: SpinnerSize;
  /** What is loading, already translated (e.g. the `ui.loading` string). Read by screen readers, not shown. */
  label: string;
  /**
   * Announce the label as a polite live region (`role="status"`, default true). Set false when the spinner sits
   * inside a control that already reports being busy, such as a loading Button (`aria-busy`).
   */
  live?: boolean;
  /** Extra class names for layout by the parent. */
  className?: string;
}

const edges: Record<SpinnerSize, number> = { small: 16, medium: 36, large: 48 };

/** A rotating ring with a hidden label. It turns slower for people who ask for reduced motion (a still ring would look broken). */
export function Spinner({ size = 'medium', label, live = true, className }: SpinnerProps) {
  const edge = edges[size];
  return (
    <span className={['ui-spinner', `ui-spinner--${size}`, className].filter(Boolean).join(' ')} role={live ? 'status' : undefined}>
      <svg className="ui-spinner__ring" width={edge} height={edge} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle className="ui-spinner__track" cx="24" cy="24" r="20" />
        <circle className="ui-spinner__arc" cx="24" cy="24" r="20" />
      </svg>
      <span className="ui-spinner__label">{label}</span>
    </span>
  );
}
