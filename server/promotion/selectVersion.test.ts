import { describe, expect, test } from 'vitest';
import { selectLive, selectNextScheduled, selectPreview } from './selectVersion.ts';
import type { PromotionVersion } from './versionStore.ts';
import type { ForcedGroup } from '../../src/shared/preview/renderLocals.ts';

let next = 0;
function version(validFrom: string, abTarget?: ForcedGroup): PromotionVersion {
  next += 1;
  return {
    version: next,
    site: 'DE',
    name: 'SHOP_FOOTER',
    contentJSON: `{"v":${next}}`,
    validFrom,
    ...(abTarget ? { abTarget } : {}),
    storedAt: '2026-01-01T00:00:00.000Z',
    storedBy: 'test',
  };
}
const at = (iso: string) => new Date(iso);
const groupB = { test: 'FOOTER_TEASER_ORDER', group: 'B' };

describe('the version shoppers get', () => {
  const base = version('2026-01-01T00:00:00.000Z');
  const christmas = version('2026-11-30T23:00:00.000Z');
  const variantB = version('2026-06-01T00:00:00.000Z', groupB);
  const all = [variantB, christmas, base];

  test('is the latest one whose validFrom has passed', () => {
    expect(selectLive(all, at('2026-11-30T22:59:59.999Z'))).toBe(base);
    expect(selectLive(all, at('2026-11-30T23:00:00.000Z'))).toBe(christmas); // from the instant itself on
    expect(selectLive(all, at('2027-02-01T00:00:00.000Z'))).toBe(christmas);
  });

  test('is none before the first version', () => {
    expect(selectLive(all, at('2025-12-31T23:59:59.999Z'))).toBeUndefined();
  });

  test('never is a version meant for an A/B group, however recent', () => {
    const newestB = version('2026-11-01T00:00:00.000Z', groupB);
    expect(selectLive([newestB, ...all], at('2026-11-02T00:00:00.000Z'))).toBe(base);
    expect(selectLive([newestB], at('2026-11-02T00:00:00.000Z'))).toBeUndefined();
  });

  test('of two versions for the same instant, is the one stored later', () => {
    const first = version('2026-03-01T00:00:00.000Z');
    const correction = version('2026-03-01T01:00:00+01:00'); // the same instant, written with an offset
    expect(selectLive([first, correction, base], at('2026-03-02T00:00:00Z'))).toBe(correction);
    expect(selectLive([correction, first, base], at('2026-03-02T00:00:00Z'))).toBe(correction);
  });
});

describe('the version staff preview', () => {
  const base = version('2026-01-01T00:00:00.000Z');
  const variantB = version('2026-06-01T00:00:00.000Z', groupB);
  const christmas = version('2026-12-01T00:00:00+01:00');
  const all = [base, variantB, christmas];

  test("for a group with its own version is that group's version, even over a later untargeted one", () => {
    expect(selectPreview(all, at('2026-07-01T00:00:00Z'), groupB)).toBe(variantB);
    expect(selectPreview(all, at('2026-12-24T00:00:00Z'), groupB)).toBe(variantB);
  });

  test("falls back to the shoppers' version: before the group's version starts, for another group or test, without a group", () => {
    expect(selectPreview(all, at('2026-05-31T23:59:59Z'), groupB)).toBe(base);
    expect(selectPreview(all, at('2026-07-01T00:00:00Z'), { test: 'FOOTER_TEASER_ORDER', group: 'A' })).toBe(base);
    expect(selectPreview(all, at('2026-07-01T00:00:00Z'), { test: 'OTHER', group: 'B' })).toBe(base);
    expect(selectPreview(all, at('2026-12-24T00:00:00Z'))).toBe(christmas);
  });

  test("takes the group's latest effective version", () => {
    const laterB = version('2026-08-01T00:00:00.000Z', groupB);
    expect(selectPreview([...all, laterB], at('2026-07-15T00:00:00Z'), groupB)).toBe(variantB);
    expect(selectPreview([...all, laterB], at('2026-08-01T00:00:00Z'), groupB)).toBe(laterB);
  });
});

describe('the next scheduled version', () => {
  const base = version('2026-01-01T00:00:00.000Z');
  const christmas = version('2026-12-01T00:00:00+01:00');
  const newYear = version('2027-01-01T00:00:00+01:00');
  const variantB = version('2026-11-25T00:00:00.000Z', groupB);
  const all = [newYear, variantB, christmas, base];

  test('is the earliest untargeted one strictly after the instant', () => {
    expect(selectNextScheduled(all, at('2026-11-22T00:00:00Z'))).toBe(christmas);
    expect(selectNextScheduled(all, at('2026-11-30T23:00:00.000Z'))).toBe(newYear);
    expect(selectNextScheduled(all, at('2027-01-01T00:00:00Z'))).toBeUndefined();
  });
});
