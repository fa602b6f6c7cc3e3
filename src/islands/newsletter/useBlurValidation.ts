import { useLayoutEffect, useRef, type Dispatch, type SetStateAction } from 'react';

/** What the hook needs: the form's values and errors, and the check of one field. */
export interface BlurValidationOptions<Values, Field extends keyof Values & string> {
  values: Values;
  errors: Partial<Record<Field, string>>;
  setErrors: Dispatch<SetStateAction<Partial<Record<Field, string>>>>;
  /** The field's error key with these values, or undefined. */
  validateField: (values: Values, field: Field) => string | undefined;
}

/**
 * Field checks on blur, as the newsletter forms run them (docs/newsletter.md#validation): a field is checked on its
 * own; a field that is fine now loses its error; an empty field without an error is left alone ("mandatory" is said
 * on submit, not to somebody who merely tabs through).
 *
 * A blur caused by pressing the pointer inside the form (typically on the submit button) would add or remove an
 * error message between mouse-down and mouse-up: the button moves away from under the pointer and the click is lost.
 * So while the pointer is held the check waits, and runs once the click has been dispatched: put `holdPointer` on the
 * form's `onPointerDown`.
 */
export function useBlurValidation<Values, Field extends keyof Values & string>({
  values,
  errors,
  setErrors,
  validateField,
}: BlurValidationOptions<Values, Field>) {
  // The latest values and errors, for a blur check that runs after the pointer is released.
  const latest = useRef({ values, errors });
  useLayoutEffect(() => {
    latest.current = { values, errors };
  });
  const pointerHeld = useRef(false);
  const deferredChecks = useRef(new Set<Field>());

  const runCheck = (field: Field) => {
    const { values: now, errors: shown } = latest.current;
    const value: unknown = now[field];
    if ((value === '' || (Array.isArray(value) && value.length === 0)) && !shown[field]) return;
    setErrors((old) => ({ ...old, [field]: validateField(now, field) }));
  };

  const checkField = (field: Field) => {
    if (!pointerHeld.current) {
      runCheck(field);
      return;
    }
    deferredChecks.current.add(field);
  };

  const holdPointer = () => {
    pointerHeld.current = true;
    const release = () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      // After this task: the click that follows pointerup in the same task has been handled by then.
      setTimeout(() => {
        pointerHeld.current = false;
        const fields = [...deferredChecks.current];
        deferredChecks.current.clear();
        fields.forEach(runCheck);
      }, 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
  };

  return { checkField, holdPointer };
}

/** Focuses the first field (in `order`) that has an error and scrolls it into view. */
export function focusFirstInvalid<Field extends string>(
  order: readonly Field[],
  found: Partial<Record<Field, string>>,
  fields: Partial<Record<Field, HTMLElement | null>>,
): void {
  const first = order.find((field) => found[field]);
  const element = first ? fields[first] : undefined;
  element?.focus();
  element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
