import { expect, test } from 'vitest';
import { readLoginTokenClaims } from './loginToken.ts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

test('reads exp, ren and lid from the token payload', () => {
  const token = `${encode({ alg: 'HS256' })}.${encode({ lid: 'c-1', exp: 2000, ren: 1500 })}.sig`;
  expect(readLoginTokenClaims(token)).toEqual({ lid: 'c-1', exp: 2000, ren: 1500 });
});

test('gives nothing for a missing, malformed or incomplete token', () => {
  expect(readLoginTokenClaims(undefined)).toBeUndefined();
  expect(readLoginTokenClaims('garbage')).toBeUndefined();
  expect(readLoginTokenClaims('a.%%%.c')).toBeUndefined();
  expect(readLoginTokenClaims(`x.${encode({ lid: 'c-1', exp: 'soon' })}.y`)).toBeUndefined();
});
