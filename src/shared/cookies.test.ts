import { expect, test } from 'vitest';
import { hasCookie, readCookie } from './cookies.ts';

test('reads one cookie out of many, decoding its value', () => {
  expect(readCookie('a=1; csrf_token=x%2By; b=2', 'csrf_token')).toBe('x+y');
  expect(readCookie('a=1;b=x=y', 'b')).toBe('x=y');
  expect(readCookie('a=1', 'csrf_token')).toBeUndefined();
  expect(readCookie('', 'a')).toBeUndefined();
});

test('ignores a malformed value instead of throwing', () => {
  expect(() => readCookie('login_token=%E0', 'login_token')).not.toThrow();
  expect(readCookie('login_token=%E0; a=1', 'login_token')).toBeUndefined();
  expect(readCookie('x=%E0; a=%41', 'a')).toBe('A');
});

test('tells whether a cookie is present by name only', () => {
  expect(hasCookie('a=1; StaffAuthToken=%E0', 'StaffAuthToken')).toBe(true);
  expect(hasCookie('xStaffAuthToken=1', 'StaffAuthToken')).toBe(false);
  expect(hasCookie('', 'StaffAuthToken')).toBe(false);
});
