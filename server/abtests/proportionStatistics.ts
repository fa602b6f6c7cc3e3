/**
 * The statistics of the A/B report (docs/operations.md#ab-test-report): a proportion's 95 % Wilson interval and the
 * two-sided two-proportion z-test with a pooled standard error.
 */

/** z of a two-sided 95 % interval. */
const Z_95 = 1.959963984540054;

/** A proportion with its 95 % Wilson score interval; all 0 when nothing was counted. */
export interface ProportionInterval {
  rate: number;
  low: number;
  high: number;
}

/** The share `successes / trials` with its 95 % Wilson score interval (sound also for few sign-ups). */
export function wilsonInterval(successes: number, trials: number): ProportionInterval {
  if (trials <= 0) return { rate: 0, low: 0, high: 0 };
  const rate = successes / trials;
  const z2 = Z_95 * Z_95;
  const denominator = 1 + z2 / trials;
  const centre = (rate + z2 / (2 * trials)) / denominator;
  const half = (Z_95 * Math.sqrt((rate * (1 - rate)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { rate, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The standard normal distribution function, by erf (Abramowitz and Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const polynomial = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - polynomial * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The outcome of a two-proportion z-test of group `b` against group `a`. */
export interface ProportionTest {
  /** `b`'s rate minus `a`'s. */
  difference: number;
  z: number;
  /** Two-sided. */
  pValue: number;
}

/**
 * The two-sided two-proportion z-test (pooled standard error) of `b` against `a`; undefined when either has no trials
 * or nobody (or everybody) converted in both, where the test says nothing.
 */
export function twoProportionTest(
  a: { successes: number; trials: number },
  b: { successes: number; trials: number },
): ProportionTest | undefined {
  if (a.trials <= 0 || b.trials <= 0) return undefined;
  const pooled = (a.successes + b.successes) / (a.trials + b.trials);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials));
  if (standardError === 0) return undefined;
  const difference = b.successes / b.trials - a.successes / a.trials;
  const z = difference / standardError;
  return { difference, z, pValue: 2 * (1 - normalCdf(Math.abs(z))) };
}

/** The level below which a difference counts as conclusive. */
export const SIGNIFICANCE_LEVEL = 0.05;
