import type { ReactNode } from 'react';
import { Icon } from '../Icon/Icon.tsx';
import './Field.css';

/** Ids of a field's hint and error, derived from the control's id so server and client agree. */
export function fieldMessageIds(controlId: string) {
  return { hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

/** The `aria-describedby` value for a control: its error first (read first), then its hint. */
export function describedBy(controlId: string, hint: ReactNode, error: ReactNode, extra?: string): string | undefined {
  const { hintId, errorId } = fieldMessageIds(controlId);
  const ids = [error ? errorId : null, hint ? hintId : null, extra].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export interface FieldMessagesProps {
  /** Id of the control the messages belong to. */
  controlId: string;
  /** Help text under the label. */
  hint?: ReactNode;
  /** Error text; when set the field is invalid. */
  error?: ReactNode;
}

/** Hint and error text of a form field, with the ids the control points at through `aria-describedby`. */
export function FieldMessages({ controlId, hint, error }: FieldMessagesProps) {
  const { hintId, errorId } = fieldMessageIds(controlId);
  return (
    <>
      {hint && <p id={hintId} className="ui-field__hint">{hint}</p>}
      {error && (
        <p id={errorId} className="ui-field__error">
          <Icon name="error" size={16} className="ui-field__error-icon" />
          <span>{error}</span>
        </p>
      )}
    </>
  );
}
