/** Options of a number field. */
export interface NumberInputOptions {
  /** The field's maxlength: the result never has more characters (separator included). */
  maxLength?: number;
  /** Decimal separator shown, `,` (default, all shop locales) or `.`. Either one typed is accepted and shown as this. */
  decimalSeparator?: ',' | '.';
  /** Allow a decimal part at all. Default true; false keeps digits only (quantities). */
  allowDecimal?: boolean;
}

/**
 * Cleans what was typed into a number field (docs/constants.md#input-helpers): digits and at most one decimal
 * separator, the first one typed; everything else (letters, signs, spaces, further separators) is dropped; cut at
 * `maxLength`.
 */
export function sanitizeNumberInput(
  input: string,
  { maxLength, decimalSeparator = ',', allowDecimal = true }: NumberInputOptions = {},
): string {
  let result = '';
  let hasSeparator = false;
  for (const char of input) {
    if (/^[0-9]$/.test(char)) {
      result += char;
    } else if (allowDecimal && !hasSeparator && (char === ',' || char === '.')) {
      result += decimalSeparator;
      hasSeparator = true;
    }
  }
  return maxLength === undefined ? result : result.slice(0, Math.max(0, maxLength));
}
