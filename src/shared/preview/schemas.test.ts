import { describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { abTestListSchema, checkAuthResponseSchema, checkSelection } from './schemas.ts';

describe('checkSelection (docs/preview.md#selection-rules)', () => {
  test('an empty selection is valid', () => {
    expect(checkSelection({ test: '', group: '' })).toBeUndefined();
  });

  test('a test with a group is valid', () => {
    expect(checkSelection({ test: 'CHECKOUT_BUTTON_COLOR', group: 'GREEN' })).toBeUndefined();
  });

  test('a test without a group asks for the group, which is Required', () => {
    expect(checkSelection({ test: 'CHECKOUT_BUTTON_COLOR', group: '' })).toEqual({
      message: 'Please also select an A/B test group!',
      group: 'Required',
    });
  });
});

describe('service answers', () => {
  test('checkauth: missing preview fields read as null; an unknown status is refused', () => {
    expect(v.parse(checkAuthResponseSchema, { status: 'SUCCESS' })).toEqual({
      status: 'SUCCESS',
      dateTime: null,
      abTestName: null,
      abTestGroup: null,
    });
    expect(v.safeParse(checkAuthResponseSchema, { status: 'MAYBE' }).success).toBe(false);
  });

  test('gettestsat: tests need a name and named groups', () => {
    expect(v.safeParse(abTestListSchema, [{ name: 'T', groups: [{ name: 'A' }] }]).success).toBe(true);
    expect(v.safeParse(abTestListSchema, [{ name: '', groups: [] }]).success).toBe(false);
    expect(v.safeParse(abTestListSchema, [{ name: 'T', groups: [{}] }]).success).toBe(false);
  });
});
