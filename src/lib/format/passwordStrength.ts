/** Minimum length before a password can rate better than weak (docs/constants.md#input-helpers). */
export const minPasswordLength = 8;

/** Level of the form input's meter (docs/constants.md#input-helpers): colour and filled segments. */
export type PasswordStrengthLevel = 'none' | 'weak' | 'moderate' | 'strong';
/** The indicator's words (docs/constants.md#input-helpers): weak, ok, strong, very strong. */
export type PasswordStrengthLabel = 'weak' | 'ok' | 'strong' | 'veryStrong';

/** How strong a password looks to the meter. */
export interface PasswordStrength {
  /** `none` for an empty field, else weak, moderate or strong. */
  level: PasswordStrengthLevel;
  /** The word shown, or null for an empty field. */
  label: PasswordStrengthLabel | null;
  /** 0 (empty) to 4 (very strong): how many of the meter's four segments are filled. */
  score: 0 | 1 | 2 | 3 | 4;
}

const characterClasses = [/[a-z]/, /[A-Z]/, /[0-9]/];

/**
 * Rates a password by the indicator rules (docs/constants.md#input-helpers): shorter than 8 characters is weak whatever
 * it contains; from 8 characters on, each class present (lowercase, uppercase, digit) raises it: one or none = ok, two
 * = strong, three = very strong. Letters outside ASCII and symbols count toward the length only, as in the rule.
 */
export function ratePassword(password: string): PasswordStrength {
  if (password.length === 0) return { level: 'none', label: null, score: 0 };
  // Length in code points, so an emoji counts as one character, as the user sees it.
  if ([...password].length < minPasswordLength) return { level: 'weak', label: 'weak', score: 1 };
  const classes = characterClasses.filter((pattern) => pattern.test(password)).length;
  if (classes <= 1) return { level: 'moderate', label: 'ok', score: 2 };
  if (classes === 2) return { level: 'strong', label: 'strong', score: 3 };
  return { level: 'strong', label: 'veryStrong', score: 4 };
}
