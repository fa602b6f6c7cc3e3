import { describe, expect, it } from 'vitest';
import { trapSprung, type TrapInput } from './honeypotTrap.ts';

/** A stand-in `<input>` whose `matches` answers for the pseudo-classes a given engine knows. */
function trap(value: string, matching: Record<string, boolean | 'unknown'> = {}): TrapInput {
  return {
    value,
    matches: (selector: string) => {
      const answer = matching[selector];
      if (answer === 'unknown') throw new SyntaxError(`'${selector}' is not a valid selector`);
      return answer ?? false;
    },
  };
}

describe('trapSprung', () => {
  it('an empty trap has not sprung, nor a missing one', () => {
    expect(trapSprung(trap(''))).toBe(false);
    expect(trapSprung(null)).toBe(false);
  });

  it('a trap filled by a script is a bot', () => {
    expect(trapSprung(trap('bot@example.com'))).toBe(true);
  });

  it("a trap filled by the browser's autofill is a person", () => {
    expect(trapSprung(trap('erika@example.com', { ':autofill': true }))).toBe(false);
  });

  it('engines that only know the prefixed pseudo-class are understood too', () => {
    expect(trapSprung(trap('erika@example.com', { ':autofill': 'unknown', ':-webkit-autofill': true }))).toBe(false);
    expect(trapSprung(trap('bot@example.com', { ':autofill': 'unknown', ':-webkit-autofill': false }))).toBe(true);
  });
});
