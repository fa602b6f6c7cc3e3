import { expect, test } from 'vitest';
import { csrfHeaders, readCookie } from './csrf.ts';

test('reads one cookie out of many, decoding its value', () => {
  expect(readCookie('a=1; csrf_token=x%2By; b=2', 'csrf_token')).toBe('x+y');
  expect(readCookie('a=1', 'csrf_token')).toBeUndefined();
});

test('sends the CSRF header only when the cookie is there', () => {
  expect(csrfHeaders('csrf_token=abc')).toEqual({ 'x-csrf-token': 'abc' });
  expect(csrfHeaders('other=1')).toEqual({});
});
