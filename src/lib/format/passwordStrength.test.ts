import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { minPasswordLength, ratePassword } from './passwordStrength.ts';

describe('ratePassword', () => {
  test.each([
    ['', 'none', null, 0],
    ['Ab1', 'weak', 'weak', 1],
    ['Abcdef1', 'weak', 'weak', 1],
    ['abcdefgh', 'moderate', 'ok', 2],
    ['!!!!!!!!', 'moderate', 'ok', 2],
    ['abcdefgH', 'strong', 'strong', 3],
    ['abcdefg1', 'strong', 'strong', 3],
    ['Abcdefg1', 'strong', 'veryStrong', 4],
    ['ÄÖÜäöüß€', 'moderate', 'ok', 2],
  ] as const)('%j rates %s / %s', (password, level, label, score) => {
    expect(ratePassword(password)).toEqual({ level, label, score });
  });

  test('counts characters as the user sees them: seven emoji are still too short', () => {
    expect(ratePassword('😀😀😀😀😀😀😀A').label).toBe('ok');
    expect(ratePassword('😀😀😀😀😀😀A').label).toBe('weak');
  });

  fcTest.prop([fc.string({ maxLength: minPasswordLength - 1, unit: 'grapheme-ascii' }).filter((s) => s.length > 0)])(
    'anything shorter than 8 characters is weak',
    (password) => {
      expect(ratePassword(password).label).toBe('weak');
    },
  );

  fcTest.prop([fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom('a', 'B', '7', '#')])(
    'adding a character never makes a password weaker',
    (password, extra) => {
      expect(ratePassword(password + extra).score).toBeGreaterThanOrEqual(ratePassword(password).score);
    },
  );
});
