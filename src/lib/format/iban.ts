/** The longest IBAN any country issues (Saint Lucia, Russia: 32–33; the standard allows 34). */
export const ibanMaxLength = 34;

/**
 * The characters an IBAN field keeps, without spaces: upper-cased, everything that is not a letter or digit
 * dropped, then two letters (the country code) followed by digits only (docs/constants.md#input-helpers). Letters typed
 * after the country code and digits typed before it are dropped, and the result is cut at 34 characters.
 */
export function compactIban(input: string): string {
  let result = '';
  for (const char of input.toUpperCase()) {
    if (result.length >= ibanMaxLength) break;
    const wantLetter = result.length < 2;
    if (wantLetter ? /^[A-Z]$/.test(char) : /^[0-9]$/.test(char)) result += char;
  }
  return result;
}

/** Formats what was typed in an IBAN field for display: the compact IBAN in groups of four, e.g. `DE89 3704 0044 …`. */
export function formatIban(input: string): string {
  return compactIban(input).replace(/(.{4})(?=.)/g, '$1 ');
}
