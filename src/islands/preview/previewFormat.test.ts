import { expect, test } from 'vitest';
import { activePreviewSummary, isPreviewActive, localDateAndTime, previewDateTime } from './previewFormat.ts';

const idle = { status: 'SUCCESS', dateTime: null, abTestName: null, abTestGroup: null } as const;

test('a preview is active with a preview time or a forced test', () => {
  expect(isPreviewActive(idle)).toBe(false);
  expect(isPreviewActive({ ...idle, dateTime: '2026-12-24T17:30:00.000Z' })).toBe(true);
  expect(isPreviewActive({ ...idle, abTestName: 'T', abTestGroup: 'A' })).toBe(true);
});

test('the toggle summary names the local preview time and the test/group', () => {
  const instant = new Date(2026, 11, 24, 18, 30);
  expect(localDateAndTime(instant)).toEqual({ date: '2026-12-24', time: '18:30' });
  expect(
    activePreviewSummary({
      ...idle,
      dateTime: instant.toISOString(),
      abTestName: 'CHECKOUT_BUTTON_COLOR',
      abTestGroup: 'GREEN',
    }),
  ).toBe('2026-12-24 18:30 · CHECKOUT_BUTTON_COLOR / GREEN');
  expect(activePreviewSummary({ ...idle, abTestName: 'T', abTestGroup: 'B' })).toBe('T / B');
});

test("turns the panel's local date and time into an instant (docs/preview.md#preview-date-and-time)", () => {
  expect(previewDateTime('2026-12-24', '18:30')).toBe(new Date(2026, 11, 24, 18, 30).toISOString());
  expect(previewDateTime('2028-02-29', '00:00')).toBe(new Date(2028, 1, 29).toISOString());
});

test('a date that is no real day means the current time; a missing time means midnight', () => {
  const now = new Date('2026-11-21T09:15:00.000Z');
  for (const bad of ['', '21.11.2026', '2026-2-1', '2026-02-30', '2026-13-01', '2026-11-21T10:00']) {
    expect(previewDateTime(bad, '10:00', now), bad).toBe('2026-11-21T09:15:00.000Z');
  }
  expect(previewDateTime('2026-12-24', '', now)).toBe(new Date(2026, 11, 24).toISOString());
});
