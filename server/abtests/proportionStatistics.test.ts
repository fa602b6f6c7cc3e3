import { describe, expect, test } from 'vitest';
import { reportGroups } from './abReport.ts';
import { normalCdf, twoProportionTest, wilsonInterval } from './proportionStatistics.ts';

// The report's statistics against a worked example (docs/operations.md#ab-test-report).
describe('the A/B report statistics', () => {
  test('1,000 visitors with 30 sign-ups against 1,000 with 45: z ≈ 1.77, p ≈ 0.078, not conclusive', () => {
    // By hand: pA = 30/1000 = 0.030, pB = 45/1000 = 0.045, pooled p = 75/2000 = 0.0375.
    // SE = √(0.0375 × 0.9625 × (1/1000 + 1/1000)) = √(7.21875e-5) = 0.0084963.
    // z = (0.045 − 0.030) / 0.0084963 = 1.7655; two-sided p = 2 × (1 − Φ(1.7655)) = 2 × (1 − 0.96126) = 0.0775.
    const result = twoProportionTest({ successes: 30, trials: 1000 }, { successes: 45, trials: 1000 })!;
    expect(result.difference).toBeCloseTo(0.015, 10);
    expect(result.z).toBeCloseTo(1.7655, 3);
    expect(result.pValue).toBeCloseTo(0.0775, 3);
    const [first, second] = reportGroups(
      ['A', 'B'],
      new Map([
        ['A', { visitors: 1000, signUps: 30, confirmed: 20 }],
        ['B', { visitors: 1000, signUps: 45, confirmed: 30 }],
      ]),
    );
    expect(first!.versusFirst).toBeUndefined();
    expect(second!.versusFirst?.conclusive).toBe(false);
  });

  test('the 95 % Wilson interval of 30 in 1,000 is 2.11 % to 4.25 %', () => {
    // By hand, z = 1.96: centre = (0.03 + 1.96²/2000) / (1 + 1.96²/1000) = 0.031799; half width =
    // 1.96 × √(0.03 × 0.97 / 1000 + 1.96²/4,000,000) / 1.0038415 = 0.010705: 0.021094 to 0.042503.
    const interval = wilsonInterval(30, 1000);
    expect(interval.rate).toBe(0.03);
    expect(interval.low).toBeCloseTo(0.021094, 5);
    expect(interval.high).toBeCloseTo(0.042503, 5);
    expect(wilsonInterval(0, 0)).toEqual({ rate: 0, low: 0, high: 0 });
    expect(wilsonInterval(0, 10).low).toBe(0);
  });

  test('twice the data at the same rates is conclusive: 60 in 2,000 against 90 in 2,000', () => {
    // z grows with √2: 1.7655 × 1.4142 = 2.4968, p = 0.0125 < 0.05.
    const result = twoProportionTest({ successes: 60, trials: 2000 }, { successes: 90, trials: 2000 })!;
    expect(result.z).toBeCloseTo(2.4968, 3);
    expect(result.pValue).toBeLessThan(0.05);
  });

  test('no visitors or no sign-ups anywhere: no test; the normal distribution is right at known points', () => {
    expect(twoProportionTest({ successes: 0, trials: 0 }, { successes: 1, trials: 10 })).toBeUndefined();
    expect(twoProportionTest({ successes: 0, trials: 10 }, { successes: 0, trials: 10 })).toBeUndefined();
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1.959964)).toBeCloseTo(0.025, 6);
  });
});
