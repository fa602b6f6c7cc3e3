import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { promisify } from 'node:util';
import type { ServerConfig } from '../../src/shared/config.ts';

/** Demo staff credentials used when `STAFF_USER` / `STAFF_PASSWORD` are not set; printed on start. */
export const DEMO_STAFF = { username: 'staff', password: 'preview-demo' } as const;
/** Demo shopper (the seeded customer `demo-customer`) when `SHOPPER_EMAIL` / `SHOPPER_PASSWORD` are not set. */
export const DEMO_SHOPPER = { username: 'demo.kundin@example.com', password: 'shopper-demo' } as const;

/** OWASP's scrypt cost (N = 2^17, r = 8, p = 1). Only tests pass a lower one, explicitly. */
export const SCRYPT_COST = 2 ** 17;

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: ScryptOptions,
) => Promise<Buffer>;

/** scrypt on the thread pool, never on the event loop; it needs 128 * N * r bytes, so `maxmem` allows twice that. */
function hashPassword(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  return scryptAsync(password, salt, 32, { N: cost, r: 8, p: 1, maxmem: 2 * 128 * cost * 8 });
}

/** One account the login service accepts; only a salted scrypt hash of its password is kept in memory. */
export interface Account {
  /** Name compared case-insensitively (staff user name or shopper e-mail address). */
  username: string;
  /** Checks a password against the stored hash in constant time. */
  verify: (password: string) => Promise<boolean>;
}

function hashedAccount(username: string, password: string, cost: number): Account {
  const salt = randomBytes(16);
  const hash = hashPassword(password, salt, cost);
  // Nobody waits for the start-up hash; a failure shows on the first login instead of crashing the process.
  hash.catch(() => {});
  return {
    username,
    verify: async (candidate) => timingSafeEqual(await hash, await hashPassword(candidate, salt, cost)),
  };
}

let announced = false;

/**
 * The staff and demo shopper accounts, as configured or the printed demo defaults.
 * The plain password is hashed at once and not kept.
 */
export function configuredAccounts(
  configured: ServerConfig['accounts'],
  cost = SCRYPT_COST,
): { staff: Account; shopper: Account } {
  const staffUser = configured.staffUser ?? DEMO_STAFF.username;
  const staffPassword = configured.staffPassword ?? DEMO_STAFF.password;
  const shopperUser = configured.shopperEmail ?? DEMO_SHOPPER.username;
  const shopperPassword = configured.shopperPassword ?? DEMO_SHOPPER.password;
  if (!announced && (!configured.staffPassword || !configured.shopperPassword)) {
    announced = true;
    // Only demo defaults are ever printed; configured passwords stay secret.
    if (!configured.staffPassword)
      console.log(`Preview staff login (demo, set STAFF_USER/STAFF_PASSWORD): ${staffUser} / ${staffPassword}`);
    if (!configured.shopperPassword)
      console.log(`Demo shopper login (set SHOPPER_EMAIL/SHOPPER_PASSWORD): ${shopperUser} / ${shopperPassword}`);
  }
  return {
    staff: hashedAccount(staffUser, staffPassword, cost),
    shopper: hashedAccount(shopperUser, shopperPassword, cost),
  };
}

/**
 * The account whose name matches (case-insensitively) and whose password verifies, or undefined. Runs scrypt
 * exactly once whether or not the name exists (against a throwaway account then), so timing does not tell.
 */
export async function authenticate(
  accounts: Account[],
  unknown: Account,
  username: string,
  password: string,
): Promise<Account | undefined> {
  const account = accounts.find((a) => a.username.toLowerCase() === username.toLowerCase());
  const passwordOk = await (account ?? unknown).verify(password);
  return passwordOk && account ? account : undefined;
}

/** An account nobody can log in to, checked when the name is unknown so that costs the same scrypt run. */
export function unknownAccount(cost = SCRYPT_COST): Account {
  return hashedAccount('', randomBytes(32).toString('base64url'), cost);
}
