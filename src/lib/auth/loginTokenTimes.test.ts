import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { readLoginTokenClaims } from '../../shared/auth/loginToken.ts';
import { readLoginTokenTimes } from './loginTokenTimes.ts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (payload: unknown) => `${encode({ alg: 'HS256' })}.${encode(payload)}.sig`;

// Values a claim may take, near the edges of what the schema accepts.
const claimValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 1.5, Number.MAX_SAFE_INTEGER + 2, '', '1500', 'c-1', null, true, [], {}),
  fc.string(),
);
const payload = fc.oneof(
  fc.record({ lid: claimValue, exp: claimValue, ren: claimValue }, { requiredKeys: [] }),
  fc.record({ lid: fc.string({ minLength: 1 }), exp: fc.integer(), ren: fc.integer(), extra: claimValue }),
  fc.constantFrom(null, [], 'token', 42, [{ lid: 'c-1', exp: 2, ren: 1 }]),
);

test.prop([payload], { numRuns: 500 })(
  "the browser's plain checks accept exactly what the services' schema accepts",
  (claims) => {
    expect(readLoginTokenTimes(token(claims))).toEqual(readLoginTokenClaims(token(claims)));
  },
);

test('reads lid, exp and ren; nothing from a missing or unreadable token', () => {
  expect(readLoginTokenTimes(token({ lid: 'c-1', exp: 2000, ren: 1500 }))).toEqual({
    lid: 'c-1',
    exp: 2000,
    ren: 1500,
  });
  for (const bad of [undefined, '', 'garbage', 'a.%%%.c', `x.${encode({ lid: 'c-1', exp: 'soon', ren: 1 })}.y`]) {
    expect(readLoginTokenTimes(bad)).toBeUndefined();
  }
});
