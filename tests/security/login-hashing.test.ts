import { expect, test } from 'vitest';
import { configuredAccounts, authenticate, SCRYPT_COST, unknownAccount } from '../../server/preview/staffAccounts.ts';

test('passwords are hashed with scrypt at OWASP cost (N = 2^17) unless a test passes a lower one', () => {
  expect(SCRYPT_COST).toBe(2 ** 17);
});

test('a password check at full cost does not block the event loop', async () => {
  const { staff } = configuredAccounts({
    staffUser: undefined,
    staffPassword: 'long enough',
    shopperEmail: undefined,
    shopperPassword: 'x',
  });
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 1);
  const ok = await authenticate([staff], unknownAccount(), staff.username, 'long enough');
  clearInterval(ticker);
  expect(ok).toBe(staff);
  // A synchronous scrypt would hold the loop for the whole hash: no timer could fire until it returned.
  expect(ticks).toBeGreaterThan(5);
});
