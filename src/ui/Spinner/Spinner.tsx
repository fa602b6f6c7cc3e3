import { defaultSpinnerSize, spinnerEdges, type SpinnerSize } from './spinnerSizes.ts';
import './Spinner.css';

export interface SpinnerProps {
  /** Diameter (`spinnerEdges`); default `defaultSpinnerSize`. */
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

/** A rotating ring with a hidden label. It turns slower for people who ask for reduced motion (a still ring would look broken). */
export function Spinner({ size = defaultSpinnerSize, label, live = true, className }: SpinnerProps) {
  const edge = spinnerEdges[size];
  return (
    <span
      className={['ui-spinner', `ui-spinner--${size}`, className].filter(Boolean).join(' ')}
      role={live ? 'status' : undefined}
    >
      <svg
        className="ui-spinner__ring"
        width={edge}
        height={edge}
        viewBox="0 0 48 48"
        aria-hidden="true"
        focusable="false"
      >
        <circle className="ui-spinner__track" cx="24" cy="24" r="20" />
        <circle className="ui-spinner__arc" cx="24" cy="24" r="20" />
      </svg>
      <span className="ui-spinner__label">{label}</span>
    </span>
  );
}
