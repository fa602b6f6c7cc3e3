import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { describedBy, FieldMessages, fieldStateClass } from '../Field/Field.tsx';
import '../Field/Field.css';
import './Checkbox.css';

type NativeCheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children' | 'id'>;

export interface CheckboxProps extends NativeCheckboxProps {
  /** The label, already translated; may contain links (e.g. to the privacy page), which stay clickable. */
  label: ReactNode;
  /** Id of the `<input>`; generated when left out. */
  id?: string;
  /** Help text under the label. */
  hint?: ReactNode;
  /** Error message; sets `aria-invalid="true"` and is linked through `aria-describedby`. */
  error?: ReactNode;
  /** Success message, e.g. once a value was checked: a check icon and the text, linked through `aria-describedby`. An `error` wins. */
  success?: ReactNode;
  /** Called with the new checked state. */
  onCheckedChange?: (checked: boolean) => void;
  /** Ref to the `<input>`. */
  ref?: Ref<HTMLInputElement>;
  /** Extra class names on the wrapper for layout by the parent. */
  className?: string;
}

/** A native checkbox with label, hint and error; `name`, `value`, `checked`/`defaultChecked` pass through. */
export function Checkbox({
  label,
  id,
  hint,
  error,
  success,
  onCheckedChange,
  onChange,
  ref,
  className,
  required,
  ...native
}: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? `ui-checkbox${generatedId}`;
  return (
    <div className={['ui-checkbox', fieldStateClass(error, success), className].filter(Boolean).join(' ')}>
      <div className="ui-checkbox__row">
        <input
          {...native}
          ref={ref}
          id={inputId}
          type="checkbox"
          className="ui-checkbox__input"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, hint, error, undefined, success)}
          onChange={(event) => {
            onChange?.(event);
            onCheckedChange?.(event.target.checked);
          }}
        />
        <label htmlFor={inputId} className="ui-checkbox__label">
          {label}
          {required && (
            <span className="ui-field__required" aria-hidden="true">
              *
            </span>
          )}
        </label>
      </div>
      <div className="ui-checkbox__messages">
        <FieldMessages controlId={inputId} hint={hint} error={error} success={success} />
      </div>
    </div>
  );
}
