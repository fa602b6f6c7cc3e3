/** What the decision needs from the trap's `<input>`. */
export interface TrapInput {
  value: string;
  matches(selector: string): boolean;
}

/** True when the browser's autofill put the value there (`:autofill`, or the prefixed form older engines know). */
function filledByAutofill(input: TrapInput): boolean {
  for (const selector of [':autofill', ':-webkit-autofill']) {
    try {
      if (input.matches(selector)) return true;
    } catch {
      // An engine that does not know this pseudo-class throws: try the next spelling.
    }
  }
  return false;
}

/**
 * The trap has sprung: something filled it, and it was not the browser's autofill. Autofill and password managers
 * ignore `autocomplete="off"`, and a person whose browser filled the trap must not lose the sign-up; a script that
 * fills it is a bot. See docs/newsletter.md#validation.
 */
export function trapSprung(input: TrapInput | null | undefined): boolean {
  if (!input || input.value === '') return false;
  return !filledByAutofill(input);
}
