import { expect, test } from 'vitest';
import { activePreviewSummary, isPreviewActive, localDateAndTime } from './previewFormat.ts';
import { hasStaffCookie } from '../../scripts/preview/staffCookie.ts';

const idle = { status: 'SUCCESS', dateTime: null, abTestName: null, abTestGroup: null } as const;

test('only StaffAuthToken or CobraAuthToken cookies make the page ask about a preview', () => {
  expect(hasStaffCookie('StaffAuthToken=1')).toBe(true);
  expect(hasStaffCookie('csrf_token=a; CobraAuthToken=xyz')).toBe(true);
  expect(hasStaffCookie('')).toBe(false);
  expect(hasStaffCookie('csrf_token=StaffAuthToken; login_token=a.b.c')).toBe(false);
  expect(hasStaffCookie('MyStaffAuthToken=1')).toBe(false);
});

test('a preview is active with a preview time or a forced test', () => {
  expect(isPreviewActive(idle)).toBe(false);
  expect(isPreviewActive({ ...idle, dateTime: '2026-12-24T17:30:00.000Z' })).toBe(true);
  expect(isPreviewActive({ ...idle, abTestName: 'T', abTestGroup: 'A' })).toBe(true);
});

test('the toggle summary names the local preview time and the test/group', () => {
  const instant = new Date(2026, 11, 24, 18, 30);
  expect(localDateAndTime(instant)).toEqual({ date: '2026-12-24', time: '18:30' });
  expect(
    activePreviewSummary({ ...idle, dateTime: instant.toISOString(), abTestName: 'CHECKOUT_BUTTON_COLOR', abTestGroup: 'GREEN' }),
  ).toBe('2026-12-24 18:30 · CHECKOUT_BUTTON_COLOR / GREEN');
  expect(activePreviewSummary({ ...idle, abTestName: 'T', abTestGroup: 'B' })).toBe('T / B');
});
