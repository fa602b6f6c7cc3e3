import type { UiStringKey } from '../../shared/i18n.ts';
import { ratePassword, type PasswordStrengthLabel } from '../../lib/format/passwordStrength.ts';
import type { UiStrings } from '../strings.ts';

export const passwordStrengthStringKeys = [
  'ui.password.strength',
  'ui.password.strength.weak',
  'ui.password.strength.ok',
  'ui.password.strength.strong',
  'ui.password.strength.veryStrong',
] as const satisfies readonly UiStringKey[];
export type PasswordStrengthStrings = UiStrings<(typeof passwordStrengthStringKeys)[number]>;

const labelKeys: Record<PasswordStrengthLabel, (typeof passwordStrengthStringKeys)[number]> = {
  weak: 'ui.password.strength.weak',
  ok: 'ui.password.strength.ok',
  strong: 'ui.password.strength.strong',
  veryStrong: 'ui.password.strength.veryStrong',
};

export interface PasswordStrengthMeterProps {
  /** Id the input points at with `aria-describedby`. */
  id: string;
  /** The password typed so far. */
  password: string;
  /** Translated title and level words. */
  strings: Partial<PasswordStrengthStrings>;
}

/**
 * Four segments and a word. The word is in a polite live region so a screen reader hears the rating change
 * without being interrupted; the segments are decorative.
 */
export function PasswordStrengthMeter({ id, password, strings }: PasswordStrengthMeterProps) {
  const { level, label, score } = ratePassword(password);
  return (
    <div className="ui-strength" data-level={level} data-score={score}>
      <div className="ui-strength__bar" aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
      </div>
      <p id={id} className="ui-strength__text" aria-live="polite">
        {label && `${strings['ui.password.strength'] ?? ''}: ${strings[labelKeys[label]] ?? ''}`}
      </p>
    </div>
  );
}
