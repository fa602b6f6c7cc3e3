import type { ReactNode } from 'react';
import { Icon } from '../Icon/Icon.tsx';
import './Field.css';

/** Ids of a field's hint, error and success message, derived from the control's id so server and client agree. */
export function fieldMessageIds(controlId: string) {
  return { hintId: `${controlId}-hint`, errorId: `${controlId}-error`, successId: `${controlId}-success` };
}

/** The field's state: an error wins over a success message; neither is the default state. */
export function fieldState(error: ReactNode, success: ReactNode): 'default' | 'error' | 'success' {
  if (error) return 'error';
  return success ? 'success' : 'default';
}

/** Class names of a field's wrapper for its state. */
export function fieldStateClass(error: ReactNode, success: ReactNode): string | null {
  const state = fieldState(error, success);
  return state === 'default' ? null : `ui-field--${state === 'error' ? 'invalid' : 'valid'}`;
}

/** The `aria-describedby` value for a control: its error or success message first (read first), then its hint. */
export function describedBy(
  controlId: string,
  hint: ReactNode,
  error: ReactNode,
  extra?: string,
  success?: ReactNode,
): string | undefined {
  const { hintId, errorId, successId } = fieldMessageIds(controlId);
  const state = fieldState(error, success);
  const message = state === 'error' ? errorId : state === 'success' ? successId : null;
  const ids = [message, hint ? hintId : null, extra].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export interface FieldMessagesProps {
  /** Id of the control the messages belong to. */
  controlId: string;
  /** Help text under the label. */
  hint?: ReactNode;
  /** Error text; when set the field is invalid. */
  error?: ReactNode;
  /** Success text (e.g. "The e-mail address is valid"), shown with a check icon when there is no error. */
  success?: ReactNode;
}

/** Hint and error or success text of a form field, with the ids the control points at through `aria-describedby`. */
export function FieldMessages({ controlId, hint, error, success }: FieldMessagesProps) {
  const { hintId, errorId, successId } = fieldMessageIds(controlId);
  return (
    <>
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ui-field__error">
          <Icon name="error" size={16} className="ui-field__error-icon" />
          <span>{error}</span>
        </p>
      )}
      {!error && success && (
        <p id={successId} className="ui-field__success">
          <Icon name="success" size={16} className="ui-field__success-icon" />
          <span>{success}</span>
        </p>
      )}
    </>
  );
}
