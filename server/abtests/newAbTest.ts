import * as v from 'valibot';
import { shopBySegment, shops as allShops } from '../../src/shared/countries.ts';
import { isoInstantSchema } from '../../src/shared/preview/schemas.ts';
import { AB_NAME_MAX_LENGTH } from '../../src/shared/promotion/schemas.ts';

/** Most groups an A/B test may have (docs/constants.md#limits). */
export const AB_TEST_MAX_GROUPS = 10;

/**
 * A test's or group's name: letters, digits and `_ -`, as the calendar's names are, no longer than a version's A/B
 * target may name (docs/operations.md#ab-tests).
 */
export const abTestNameSchema = v.pipe(
  v.string(),
  v.regex(
    new RegExp(`^[A-Za-z0-9_-]{1,${AB_NAME_MAX_LENGTH}}$`),
    `must be 1 to ${AB_NAME_MAX_LENGTH} letters, digits, _ or -`,
  ),
);

const shopSegmentSchema = v.pipe(
  v.string(),
  v.check(
    (segment) => shopBySegment(segment) !== undefined,
    `is not a shop (${allShops.map((shop) => shop.segment).join(', ')})`,
  ),
);

/**
 * A new A/B test as operators create it (`npm run abtest -- create`, `POST …/tests`): at least two distinct groups,
 * weights in whole percent that match the groups and sum to 100 (even split when left out), a start before the end,
 * and the shops it runs in (all when left out), by URL segment.
 */
export const newAbTestSchema = v.pipe(
  v.strictObject({
    name: abTestNameSchema,
    groups: v.pipe(
      v.array(abTestNameSchema),
      v.minLength(2, 'needs at least two groups'),
      v.maxLength(AB_TEST_MAX_GROUPS, `allows at most ${AB_TEST_MAX_GROUPS} groups`),
      v.check((groups) => new Set(groups).size === groups.length, 'must not name a group twice'),
    ),
    weights: v.optional(
      v.pipe(
        v.array(v.pipe(v.number(), v.integer('must be whole percent'), v.minValue(1), v.maxValue(99))),
        v.check((weights) => weights.reduce((sum, weight) => sum + weight, 0) === 100, 'must sum to 100'),
      ),
    ),
    from: isoInstantSchema,
    to: isoInstantSchema,
    shops: v.optional(
      v.pipe(
        v.array(shopSegmentSchema),
        v.minLength(1, 'names no shop'),
        v.check((shops) => new Set(shops).size === shops.length, 'must not name a shop twice'),
      ),
    ),
  }),
  v.forward(
    v.check((test) => !test.weights || test.weights.length === test.groups.length, 'needs one weight per group'),
    ['weights'],
  ),
  v.forward(
    v.check((test) => Date.parse(test.from) < Date.parse(test.to), 'must be after from'),
    ['to'],
  ),
);

/** A new A/B test, checked. */
export type NewAbTest = v.InferOutput<typeof newAbTestSchema>;

/** The weights of a test's groups in percent: the stored ones, or an even split (the first groups get the rest). */
export function weightsOf(groups: readonly string[], weights: readonly number[] | null | undefined): number[] {
  if (weights && weights.length === groups.length) return [...weights];
  const base = Math.floor(100 / groups.length);
  return groups.map((_, index) => base + (index < 100 - base * groups.length ? 1 : 0));
}
