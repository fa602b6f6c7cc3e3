import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { sanitizeNumberInput } from './number.ts';

describe('sanitizeNumberInput', () => {
  test.each([
    ['12,50', {}, '12,50'],
    ['12.50', {}, '12,50'],
    ['1.234,56', {}, '1,23456'],
    ['-12a3', {}, '123'],
    ['1,2,3', {}, '1,23'],
    [',5', {}, ',5'],
    ['12,5', { decimalSeparator: '.' }, '12.5'],
    ['12,5', { allowDecimal: false }, '125'],
    ['123456', { maxLength: 4 }, '1234'],
    ['12,345', { maxLength: 4 }, '12,3'],
    ['١٢٣', {}, ''],
    ['', { maxLength: 3 }, ''],
  ] as const)('%j with %j → %j', (input, options, expected) => {
    expect(sanitizeNumberInput(input, options)).toBe(expected);
  });

  const options = fc.record({
    maxLength: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
    decimalSeparator: fc.constantFrom(',' as const, '.' as const),
    allowDecimal: fc.boolean(),
  });

  fcTest.prop([fc.string({ maxLength: 40 }), options])(
    'keeps only digits and at most one separator, within maxlength',
    (input, opts) => {
      const result = sanitizeNumberInput(input, opts);
      const separators = [...result].filter((c) => c === opts.decimalSeparator).length;
      expect(result).toMatch(/^[0-9.,]*$/);
      expect(separators).toBeLessThanOrEqual(opts.allowDecimal ? 1 : 0);
      expect(result.replace(opts.decimalSeparator, '')).toMatch(/^[0-9]*$/);
      if (opts.maxLength !== undefined) expect(result.length).toBeLessThanOrEqual(opts.maxLength);
    },
  );

  fcTest.prop([fc.string({ maxLength: 40 }), options])('cleaning twice changes nothing', (input, opts) => {
    const once = sanitizeNumberInput(input, opts);
    expect(sanitizeNumberInput(once, opts)).toBe(once);
  });

  fcTest.prop([fc.stringMatching(/^[0-9]{0,12}$/)])('plain digits pass unchanged', (digits) => {
    expect(sanitizeNumberInput(digits)).toBe(digits);
  });

  fcTest.prop([fc.string({ maxLength: 40 })])('keeps every digit typed, in order', (input) => {
    expect(sanitizeNumberInput(input).replace(',', '')).toBe(input.replace(/[^0-9]/g, ''));
  });
});
