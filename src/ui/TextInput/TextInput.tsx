import { useId, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import type { UiStringKey } from '../../shared/i18n.ts';
import { describedBy, FieldMessages, fieldStateClass } from '../Field/Field.tsx';
import { IconButton } from '../IconButton/IconButton.tsx';
import type { UiStrings } from '../strings.ts';
import { PasswordStrengthMeter, passwordStrengthStringKeys } from './PasswordStrengthMeter.tsx';
import '../Field/Field.css';
import './TextInput.css';

/** Catalogue keys a TextInput may show: pass `pickStrings(locale, textInputStringKeys)` as `strings`. */
export const textInputStringKeys = [
  'ui.clear',
  'ui.password.show',
  'ui.password.hide',
  ...passwordStrengthStringKeys,
] as const satisfies readonly UiStringKey[];
export type TextInputStrings = UiStrings<(typeof textInputStringKeys)[number]>;

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'defaultValue' | 'size' | 'children' | 'id'
>;

export interface TextInputProps extends NativeInputProps {
  /** Visible label, already translated. */
  label: ReactNode;
  /** Input type; `password` adds the show/hide toggle. Default `text`. */
  type?: 'text' | 'email' | 'password' | 'search' | 'tel' | 'url' | 'number';
  /** Id of the `<input>`; generated when left out. Hint and error ids derive from it. */
  id?: string;
  /** Help text under the label. */
  hint?: ReactNode;
  /** Error message. Sets `aria-invalid="true"` and is linked through `aria-describedby`; the typed value stays. */
  error?: ReactNode;
  /** Success message, e.g. once a value was checked: a check icon and the text, linked through `aria-describedby`. An `error` wins. */
  success?: ReactNode;
  /** Controlled value; use with `onValueChange`. */
  value?: string;
  /** Initial value when uncontrolled. */
  defaultValue?: string;
  /** Called with the new value on typing and when the clear button empties the field. */
  onValueChange?: (value: string) => void;
  /**
   * Rewrites what was typed before it is stored, e.g. `formatIban` or `(text) => sanitizeNumberInput(text, { maxLength: 7 })`
   * from `src/lib/format`. Keep it idempotent. When it inserts characters the caret goes to the end, which suits fields
   * typed from left to right (IBAN, amounts, dates).
   */
  formatValue?: (typed: string) => string;
  /** Show a clear button while the field has a value. Default false. */
  clearable?: boolean;
  /** For `type="password"`: show the strength meter (docs/constants.md#input-helpers). Default false. */
  showStrength?: boolean;
  /** Translated strings for the clear button, password toggle and strength meter. */
  strings?: Partial<TextInputStrings>;
  /** Ref to the `<input>` (e.g. to focus the first invalid field). */
  ref?: Ref<HTMLInputElement>;
  /** Extra class names on the wrapper for layout by the parent. */
  className?: string;
}

/** A labelled text field with hint, error, optional clear button, password toggle and strength meter. */
export function TextInput({
  label,
  type = 'text',
  id,
  hint,
  error,
  success,
  value,
  defaultValue,
  onValueChange,
  onChange,
  formatValue,
  clearable = false,
  showStrength = false,
  strings = {},
  ref,
  className,
  required,
  disabled,
  readOnly,
  ...native
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? `ui-input${generatedId}`;
  const meterId = `${inputId}-strength`;
  const [ownValue, setOwnValue] = useState(defaultValue ?? '');
  const [revealed, setRevealed] = useState(false);
  const inputElement = useRef<HTMLInputElement | null>(null);
  const current = value ?? ownValue;
  const isPassword = type === 'password';
  const withMeter = isPassword && showStrength;

  const setRefs = (element: HTMLInputElement | null) => {
    inputElement.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = formatValue ? formatValue(event.target.value) : event.target.value;
    if (value === undefined) setOwnValue(next);
    onChange?.(event);
    onValueChange?.(next);
  };
  const clear = () => {
    if (value === undefined) setOwnValue('');
    onValueChange?.('');
    inputElement.current?.focus();
  };
  const showClear = clearable && current.length > 0 && !disabled && !readOnly;

  return (
    <div
      className={['ui-field', 'ui-text-input', fieldStateClass(error, success), className].filter(Boolean).join(' ')}
    >
      <label htmlFor={inputId} className="ui-field__label">
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <FieldMessages controlId={inputId} hint={hint} error={error} success={success} />
      <div className="ui-text-input__control">
        <input
          {...native}
          ref={setRefs}
          id={inputId}
          className="ui-field__box ui-text-input__input"
          type={isPassword && revealed ? 'text' : type}
          value={current}
          onChange={handleChange}
          required={required}
          disabled={disabled}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, hint, error, withMeter && current ? meterId : undefined, success)}
          data-actions={(showClear ? 1 : 0) + (isPassword ? 1 : 0)}
        />
        <div className="ui-text-input__actions">
          {showClear && (
            <IconButton
              icon="close"
              iconSize={16}
              label={strings['ui.clear'] ?? ''}
              onClick={clear}
              controls={inputId}
            />
          )}
          {isPassword && (
            <IconButton
              icon={revealed ? 'eye-off' : 'eye'}
              iconSize={24}
              disabled={disabled}
              controls={inputId}
              label={(revealed ? strings['ui.password.hide'] : strings['ui.password.show']) ?? ''}
              onClick={() => setRevealed((shown) => !shown)}
            />
          )}
        </div>
      </div>
      {withMeter && <PasswordStrengthMeter id={meterId} password={current} strings={strings} />}
    </div>
  );
}
