import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { describedBy, FieldMessages, fieldStateClass } from '../Field/Field.tsx';
import { Icon } from '../Icon/Icon.tsx';
import '../Field/Field.css';
import './Select.css';

/** One choice of a Select. */
export interface SelectOption {
  /** Submitted value. */
  value: string;
  /** Visible text, already translated. */
  label: string;
  /** Shown but not selectable. */
  disabled?: boolean;
}

type NativeSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'id' | 'multiple' | 'size'>;

export interface SelectProps extends NativeSelectProps {
  /** Visible label, already translated. */
  label: ReactNode;
  /** The choices, in display order. */
  options: readonly SelectOption[];
  /** Text of a first option with the empty value, e.g. "Bitte wählen". Left out: no empty option. */
  placeholder?: string;
  /** Id of the `<select>`; generated when left out. */
  id?: string;
  /** Help text under the label. */
  hint?: ReactNode;
  /** Error message; sets `aria-invalid="true"` and is linked through `aria-describedby`. */
  error?: ReactNode;
  /** Success message, e.g. once a value was checked: a check icon and the text, linked through `aria-describedby`. An `error` wins. */
  success?: ReactNode;
  /** Called with the chosen value. */
  onValueChange?: (value: string) => void;
  /** Ref to the `<select>`. */
  ref?: Ref<HTMLSelectElement>;
  /** Extra class names on the wrapper for layout by the parent. */
  className?: string;
}

/** A native `<select>` with the shop's look: keyboard, mobile pickers and screen readers work as the platform does. */
export function Select({
  label,
  options,
  placeholder,
  id,
  hint,
  error,
  success,
  onValueChange,
  onChange,
  ref,
  className,
  required,
  ...native
}: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? `ui-select${generatedId}`;
  return (
    <div className={['ui-field', 'ui-select', fieldStateClass(error, success), className].filter(Boolean).join(' ')}>
      <label htmlFor={selectId} className="ui-field__label">
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <FieldMessages controlId={selectId} hint={hint} error={error} success={success} />
      <div className="ui-select__control">
        <select
          {...native}
          ref={ref}
          id={selectId}
          className="ui-field__box ui-select__select"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, hint, error, undefined, success)}
          onChange={(event) => {
            onChange?.(event);
            onValueChange?.(event.target.value);
          }}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <Icon name="chevron-down" size={16} className="ui-select__arrow" />
      </div>
    </div>
  );
}
