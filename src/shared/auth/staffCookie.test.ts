import { expect, test } from 'vitest';
import { hasStaffCookie } from './staffCookie.ts';

test('only StaffAuthToken or CobraAuthToken cookies make the page ask about a preview', () => {
  expect(hasStaffCookie('StaffAuthToken=1')).toBe(true);
  expect(hasStaffCookie('csrf_token=a; CobraAuthToken=xyz')).toBe(true);
  expect(hasStaffCookie('')).toBe(false);
  expect(hasStaffCookie('csrf_token=StaffAuthToken; login_token=a.b.c')).toBe(false);
  expect(hasStaffCookie('MyStaffAuthToken=1')).toBe(false);
});
