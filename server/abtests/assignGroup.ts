import { createHash } from 'node:crypto';

/** 2^48: the first six bytes of the hash as a whole number below it. */
const SIX_BYTES = 2 ** 48;

/**
 * The point of a visitor in a test, in [0, 100): SHA-256 of `test:visitor`, its first 48 bits as a fraction of 100.
 * The same on every instance and every visit, and independent between tests (docs/footer.md#ab-tests-and-consent).
 */
export function bucketOf(testName: string, visitorId: string): number {
  const digest = createHash('sha256').update(`${testName}:${visitorId}`).digest();
  return (digest.readUIntBE(0, 6) / SIX_BYTES) * 100;
}

/**
 * The group of a visitor in a test: the first group whose cumulative weight (in percent, summing to 100) lies above
 * the visitor's point. A pure function of its arguments, so every instance assigns alike.
 */
export function assignGroup(
  testName: string,
  visitorId: string,
  groups: readonly string[],
  weights: readonly number[],
): string {
  const point = bucketOf(testName, visitorId);
  let cumulative = 0;
  for (const [index, group] of groups.entries()) {
    cumulative += weights[index] ?? 0;
    if (point < cumulative) return group;
  }
  // Weights summing to less than 100 (never stored so) leave the rest to the last group.
  return groups[groups.length - 1]!;
}
