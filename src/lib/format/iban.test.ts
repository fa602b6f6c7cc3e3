import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { compactIban, formatIban, ibanMaxLength } from './iban.ts';

describe('formatIban', () => {
  test.each([
    ['de89370400440532013000', 'DE89 3704 0044 0532 0130 00'],
    ['DE89 3704-0044/0532.0130 00', 'DE89 3704 0044 0532 0130 00'],
    ['  at61 1904 3002 3457 3201 ', 'AT61 1904 3002 3457 3201'],
    ['12DE34', 'DE34'],
    ['DEX1Y2', 'DE12'],
    ['D', 'D'],
    ['DE', 'DE'],
    ['DE1', 'DE1'],
    ['DE12', 'DE12'],
    ['DE123', 'DE12 3'],
    ['', ''],
    ['ÄÖ12', ''],
  ])('%j → %j', (input, expected) => {
    expect(formatIban(input)).toBe(expected);
  });

  test(`is cut at ${ibanMaxLength} characters`, () => {
    expect(compactIban(`DE${'1'.repeat(50)}`)).toHaveLength(ibanMaxLength);
  });

  fcTest.prop([fc.string({ maxLength: 60 })])('output is two letters then digits, grouped by four', (input) => {
    const formatted = formatIban(input);
    const compact = formatted.replaceAll(' ', '');
    expect(compact).toMatch(/^([A-Z]{0,2}|[A-Z]{2}[0-9]+)$/);
    expect(compact.length).toBeLessThanOrEqual(ibanMaxLength);
    const groups = formatted === '' ? [] : formatted.split(' ');
    groups.slice(0, -1).forEach((group) => expect(group).toHaveLength(4));
    expect(groups.at(-1)?.length ?? 1).toBeGreaterThan(0);
  });

  fcTest.prop([fc.string({ maxLength: 60 })])('formatting twice changes nothing', (input) => {
    expect(formatIban(formatIban(input))).toBe(formatIban(input));
  });

  fcTest.prop([
    fc.stringMatching(/^[A-Z]{2}[0-9]{2,30}$/),
    fc.array(fc.constantFrom(' ', '-', '.', '/'), { maxLength: 5 }),
  ])('a well-formed IBAN keeps every character, whatever separators were typed', (iban, noise) => {
    const typed = noise.reduce((text, sep, i) => text.slice(0, i * 3) + sep + text.slice(i * 3), iban);
    expect(compactIban(typed)).toBe(iban);
  });
});
