import { expect, test } from 'vitest';
import { readLoginTokenClaims } from '../../src/shared/auth/loginToken.ts';
import { signLoginToken, verifyLoginToken } from './loginToken.ts';

const claims = { lid: 'customer-1', exp: 1_900_000_000, ren: 1_899_990_000 };

test('a signed token verifies with its secret and the browser can read its times', () => {
  const token = signLoginToken(claims, 'secret');
  expect(verifyLoginToken(token, 'secret')).toEqual(claims);
  expect(readLoginTokenClaims(token)).toEqual(claims);
});

test('a token with another secret or a changed payload does not verify', () => {
  const token = signLoginToken(claims, 'secret');
  expect(verifyLoginToken(token, 'other')).toBeUndefined();
  const [head, , signature] = token.split('.');
  const forged = Buffer.from(JSON.stringify({ ...claims, lid: 'customer-2' })).toString('base64url');
  expect(verifyLoginToken(`${head}.${forged}.${signature}`, 'secret')).toBeUndefined();
  expect(verifyLoginToken(undefined, 'secret')).toBeUndefined();
});
