import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** Demo staff credentials used when `STAFF_USER` / `STAFF_PASSWORD` are not set; printed on start. */
export const DEMO_STAFF = { username: 'staff', password: 'preview-demo' } as const;
/** Demo shopper (the seeded customer `demo-customer`) when `SHOPPER_EMAIL` / `SHOPPER_PASSWORD` are not set. */
export const DEMO_SHOPPER = { username: 'demo.kundin@example.com', password: 'shopper-demo' } as const;

/** One account the login service accepts; only a salted scrypt hash of its password is kept in memory. */
export interface Account {
  /** Name compared case-insensitively (staff user name or shopper e-mail address). */
  username: string;
  /** Checks a password against the stored hash in constant time. */
  verify: (password: string) => boolean;
}

function hashedAccount(username: string, password: string): Account {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32);
  return {
    username,
    verify: (candidate) => timingSafeEqual(hash, scryptSync(candidate, salt, 32)),
  };
}

let announced = false;

/**
 * The staff and demo shopper accounts, from the environment or the printed demo defaults.
 * The plain password is hashed at once and not kept.
 */
export function accountsFromEnv(env: NodeJS.ProcessEnv = process.env): { staff: Account; shopper: Account } {
  const staffUser = env.STAFF_USER || DEMO_STAFF.username;
  const staffPassword = env.STAFF_PASSWORD || DEMO_STAFF.password;
  const shopperUser = env.SHOPPER_EMAIL || DEMO_SHOPPER.username;
  const shopperPassword = env.SHOPPER_PASSWORD || DEMO_SHOPPER.password;
  if (!announced && (!env.STAFF_PASSWORD || !env.SHOPPER_PASSWORD)) {
    announced = true;
    // Only demo defaults are ever printed; configured passwords stay secret.
    if (!env.STAFF_PASSWORD) console.log(`Preview staff login (demo, set STAFF_USER/STAFF_PASSWORD): ${staffUser} / ${staffPassword}`);
    if (!env.SHOPPER_PASSWORD) console.log(`Demo shopper login (set SHOPPER_EMAIL/SHOPPER_PASSWORD): ${shopperUser} / ${shopperPassword}`);
  }
  return { staff: hashedAccount(staffUser, staffPassword), shopper: hashedAccount(shopperUser, shopperPassword) };
}

/** True when the name matches (case-insensitively) and the password verifies; always runs scrypt once. */
export function accepts(account: Account, username: string, password: string): boolean {
  const passwordOk = account.verify(password);
  return passwordOk && account.username.toLowerCase() === username.toLowerCase();
}
