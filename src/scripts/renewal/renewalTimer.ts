import {
  decideRenewal,
  isRenewalSkipped,
  nextCheckDelay,
  outcomeOfStatus,
  type RenewalOutcome,
} from '../../lib/auth/renewal.ts';
import { requestTokenRenewal } from './renewalClient.ts';

/** What the timer shell needs from the outside world; tests pass fakes. */
export interface RenewalEnvironment {
  /** The page's cookies (`document.cookie`). */
  readCookies: () => string;
  /** The renewal call: HTTP status, or undefined for no answer. */
  renew: (token: string) => Promise<number | undefined>;
  /** Current time in milliseconds. */
  now: () => number;
  /** Told every outcome code; failures stay silent otherwise. */
  onOutcome?: (outcome: RenewalOutcome) => void;
}

const browserEnvironment = (): RenewalEnvironment => ({
  readCookies: () => document.cookie,
  renew: requestTokenRenewal,
  now: () => Date.now(),
});

/**
 * Runs the renewal checks: one right away, then every 3 minutes while logged in or every 10 seconds while waiting
 * for the login cookie, until an outcome stops polling. Does nothing on smartphone and tablet platforms.
 * Returns a function that stops it.
 */
export function startLoginTokenRenewal(env: RenewalEnvironment = browserEnvironment()): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  if (isRenewalSkipped(env.readCookies())) return () => {};

  async function check(): Promise<void> {
    const decision = decideRenewal(env.readCookies(), Math.floor(env.now() / 1000));
    let result: RenewalOutcome | 'wait-for-login';
    if (decision.kind === 'wait-for-login') result = 'wait-for-login';
    else if (decision.kind === 'outcome') result = decision.outcome;
    else result = outcomeOfStatus(await env.renew(decision.token));
    if (result !== 'wait-for-login') env.onOutcome?.(result);
    const delay = nextCheckDelay(result);
    if (delay !== undefined && !stopped) timer = setTimeout(() => void check(), delay);
  }

  void check();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
