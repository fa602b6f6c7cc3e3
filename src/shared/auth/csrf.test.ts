import { expect, test } from 'vitest';
import { csrfHeaders } from './csrf.ts';

test('sends the CSRF header only when the cookie is there', () => {
  expect(csrfHeaders('csrf_token=abc')).toEqual({ 'x-csrf-token': 'abc' });
  expect(csrfHeaders('other=1')).toEqual({});
  expect(csrfHeaders('csrf_token=%E0')).toEqual({});
});

test('on https reads the __Host- cookie the services set there', () => {
  expect(csrfHeaders('__Host-csrf_token=abc')).toEqual({ 'x-csrf-token': 'abc' });
});
