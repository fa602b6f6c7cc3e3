import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { newAbTestSchema } from './newAbTest.ts';

// What operators may create (docs/operations.md#ab-tests): every refusal names the field and says why.
const valid = { name: 'HERO', groups: ['A', 'B'], from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' };

/** The refusals of a request as `field: message`. */
function refusals(request: unknown): string[] {
  const result = v.safeParse(newAbTestSchema, request);
  return result.success ? [] : result.issues.map((issue) => `${String(issue.path?.[0]?.key)}: ${issue.message}`);
}

describe('a new A/B test', () => {
  test('two groups with dates is enough; weights and shops are optional', () => {
    expect(refusals(valid)).toEqual([]);
    expect(refusals({ ...valid, weights: [90, 10], shops: ['de', 'at'] })).toEqual([]);
  });

  test.each([
    [{ ...valid, weights: [50, 40] }, 'weights: must sum to 100'],
    [{ ...valid, weights: [30, 30, 40] }, 'weights: needs one weight per group'],
    [{ ...valid, weights: [49.5, 50.5] }, 'weights: must be whole percent'],
    [{ ...valid, groups: ['A'] }, 'groups: needs at least two groups'],
    [{ ...valid, groups: ['A', 'A'] }, 'groups: must not name a group twice'],
    [{ ...valid, name: 'x'.repeat(65) }, 'name: must be 1 to 64 letters, digits, _ or -'],
    [{ ...valid, name: 'a b' }, 'name: must be 1 to 64 letters, digits, _ or -'],
    [{ ...valid, to: valid.from }, 'to: must be after from'],
    [{ ...valid, from: 'tomorrow' }, 'from: Not an ISO 8601 date-time'],
    [{ ...valid, shops: ['de', 'xx'] }, 'shops: is not a shop (de, at, ch, ch-fr, cz, hu, sk, tr, pl)'],
    [{ ...valid, extra: 1 }, 'extra: Invalid key: Expected never but received "extra"'],
  ])('refused: %j', (request, refusal) => {
    expect(refusals(request)).toContain(refusal);
  });
});
